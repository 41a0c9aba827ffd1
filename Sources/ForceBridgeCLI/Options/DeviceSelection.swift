import ArgumentParser
import ForceCore
import ForceDevices

/// How a command names a device: a node (`/dev/input/event5`), or part of a device name.
struct DeviceSelection {
    let argument: String

    /// Whether the argument is a path rather than a name.
    var isPath: Bool { argument.hasPrefix("/") || argument.hasPrefix(".") }

    /// The devices that match, among `devices`.
    func matches(in devices: [InputDeviceInfo]) -> [InputDeviceInfo] {
        if isPath { return devices.filter { $0.node == argument } }
        let needle = argument.lowercased()
        return devices.filter { $0.description.name.lowercased().contains(needle) }
    }

    /// Resolves to exactly one device, or explains what went wrong.
    func resolve(allowNonTouch: Bool) throws -> InputDeviceInfo {
        let devices = DeviceDiscovery.enumerate()
        let found = matches(in: devices)
        if isPath && found.isEmpty {
            // Let the device layer say precisely what the path is (missing, not evdev, ...).
            _ = try EvdevDevice(path: argument)
            throw ValidationError("\(argument) is not an input event device known to udev.")
        }
        guard let device = found.first else {
            let names = devices.filter(\.isForceBridgeDevice).map { "\($0.node) \"\($0.description.name)\"" }
            throw ValidationError("No input device matches '\(argument)'. "
                + (names.isEmpty ? "No touch, tablet or haptic device is present." : "Touch, tablet and haptic devices: \(names.joined(separator: ", ")).")
                + " 'forcebridge list' shows every device.")
        }
        if found.count > 1 {
            throw ValidationError("'\(argument)' matches several devices: \(found.map { "\($0.node) \"\($0.description.name)\"" }.joined(separator: ", ")). Name one by its node.")
        }
        if !allowNonTouch && !device.isForceBridgeDevice {
            throw AdvisedError(description: "\(device.node) (\"\(device.description.name)\") is a \(Self.kindName(device.classification)), "
                + "not a touch, tablet or haptic device; ForceBridge does not read it "
                + "(recording keyboards or mice would capture what is typed). Pass --allow-non-touch if you really mean to.")
        }
        return device
    }

    /// Words for what a device is, for messages.
    static func kindName(_ classification: DeviceClassification) -> String {
        if classification.isKeyboard { return "keyboard" }
        if classification.isMouse { return "mouse" }
        if classification.isJoystick { return "joystick" }
        if classification.hasKeys { return "device with keys" }
        return "device of unknown kind"
    }
}
