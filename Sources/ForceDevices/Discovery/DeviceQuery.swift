import ForceCore

/// How a command names a device: its node (`/dev/input/event5`), or part of its name (any case).
package struct DeviceQuery: Sendable {
    /// The node or name, as given.
    package let argument: String

    /// A query for `argument`.
    package init(argument: String) {
        self.argument = argument
    }

    /// Whether the argument is a path rather than a name.
    package var isPath: Bool { argument.hasPrefix("/") || argument.hasPrefix(".") }

    /// The devices that match, among `devices`.
    package func matches(in devices: [InputDeviceInfo]) -> [InputDeviceInfo] {
        if isPath { return devices.filter { $0.node == argument } }
        let needle = argument.lowercased()
        return devices.filter { $0.description.name.lowercased().contains(needle) }
    }
}
