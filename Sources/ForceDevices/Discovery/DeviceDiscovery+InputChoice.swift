import ForceCore

/// Why an argument names no input device to read. Its description gives the facts (what was
/// asked, what there is); the program adds what to do.
package enum InputDeviceChoiceError: Error, Sendable, CustomStringConvertible {
    /// A path that is an event device udev does not know.
    case unknownToUdev(path: String)
    /// No device matches `argument`; `devices` are the ones there are.
    case noMatch(argument: String, among: [InputDeviceInfo])
    /// Several devices match `argument`.
    case several(argument: String, [InputDeviceInfo])
    /// The device named is not a touch, tablet or haptic device (a keyboard, a mouse, …).
    case notTouch(InputDeviceInfo)
    /// Nothing named, and no touchscreen, touchpad or pen is present.
    case noTouchDevice

    package var description: String {
        switch self {
        case .unknownToUdev(let path):
            return "\(path) is not an input event device known to udev."
        case .noMatch(let argument, let devices):
            let present = devices.filter(\.isForceBridgeDevice)
            return "No input device matches '\(argument)'. "
                + (present.isEmpty ? "No touch, tablet or haptic device is present." : "Touch, tablet and haptic devices: \(Self.names(present)).")
        case .several(let argument, let found):
            return "'\(argument)' matches several devices: \(Self.names(found))."
        case .notTouch(let device):
            return "\(device.node) (\"\(device.description.name)\") is a \(device.classification.kindName), "
                + "not a touch, tablet or haptic device; ForceBridge does not read it "
                + "(recording keyboards or mice would capture what is typed)."
        case .noTouchDevice:
            return "no touchscreen, touchpad or pen found"
        }
    }

    /// Devices as `NODE "NAME"`, comma-separated.
    package static func names(_ devices: [InputDeviceInfo]) -> String {
        devices.map { "\($0.node) \"\($0.description.name)\"" }.joined(separator: ", ")
    }
}

extension DeviceDiscovery {
    /// The one device `argument` (a node or part of a name) names among `devices`; keyboards,
    /// mice and other devices ForceBridge does not read are refused unless `allowingNonTouch`.
    /// - Throws: a `DeviceError` when a path names no event device (missing, not evdev); an
    ///   `InputDeviceChoiceError` when none, several or a refused device match.
    package static func inputDevice(_ argument: String, allowingNonTouch: Bool,
                                    among devices: [InputDeviceInfo] = enumerate()) throws -> InputDeviceInfo {
        let query = DeviceQuery(argument: argument)
        let found = query.matches(in: devices)
        if query.isPath && found.isEmpty {
            // The device layer says precisely what the path is (missing, not evdev, ...).
            _ = try EvdevDevice(path: argument)
            throw InputDeviceChoiceError.unknownToUdev(path: argument)
        }
        guard let device = found.first else { throw InputDeviceChoiceError.noMatch(argument: argument, among: devices) }
        if found.count > 1 { throw InputDeviceChoiceError.several(argument: argument, found) }
        if !allowingNonTouch && !device.isForceBridgeDevice { throw InputDeviceChoiceError.notTouch(device) }
        return device
    }

    /// The touchscreen, touchpad or pen `argument` names (as `inputDevice` finds it), or the
    /// first one among `devices` when it is nil.
    /// - Throws: what `inputDevice` throws; `InputDeviceChoiceError.noTouchDevice` when nothing
    ///   is named and none is present.
    package static func touchDevice(_ argument: String?, among devices: [InputDeviceInfo] = enumerate()) throws -> InputDeviceInfo {
        if let argument { return try inputDevice(argument, allowingNonTouch: false, among: devices) }
        guard let first = devices.first(where: { $0.isForceBridgeDevice && $0.kind != .other }) else {
            throw InputDeviceChoiceError.noTouchDevice
        }
        return first
    }
}
