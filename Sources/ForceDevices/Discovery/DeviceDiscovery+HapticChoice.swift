import ForceCore

/// Why an argument names no force-feedback device to play on. Its description gives the facts
/// (what was asked, what there is); the program adds what to do.
package enum HapticDeviceChoiceError: Error, Sendable, CustomStringConvertible {
    /// There is no force-feedback device at all.
    case noDevices
    /// Several devices match `argument` (named by node and name).
    case several(argument: String, [InputDeviceInfo])
    /// No device matches `argument`; these are the ones there are.
    case noMatch(argument: String, among: [InputDeviceInfo])

    package var description: String {
        switch self {
        case .noDevices:
            return "No force-feedback device found: no event device has EV_FF with rumble or periodic effects."
        case .several(let argument, let found):
            return "'\(argument)' matches several force-feedback devices: \(InputDeviceChoiceError.names(found))."
        case .noMatch(let argument, let devices):
            return "No force-feedback device matches '\(argument)'. "
                + (devices.isEmpty ? "There is no force-feedback device." : "Force-feedback devices: \(InputDeviceChoiceError.names(devices)).")
        }
    }
}

extension DeviceDiscovery {
    /// The word that asks for the first device this user may write to.
    package static let automaticHapticDevice = "auto"

    /// The force-feedback device `argument` names among `devices`: a node, part of a name, or
    /// `auto` (or nil) for the first one this user may write to.
    /// - Throws: a `DeviceError` when the device named cannot be written, or when a path names
    ///   no force-feedback device (missing, not evdev, without force feedback); a
    ///   `HapticDeviceChoiceError` when none or several match.
    package static func hapticDevice(_ argument: String?, among devices: [InputDeviceInfo] = hapticDevices()) throws -> InputDeviceInfo {
        guard let argument, argument != automaticHapticDevice else {
            if let usable = devices.first(where: { $0.access.canWrite }) { return usable }
            if let readable = devices.first { throw DeviceError.permissionDenied(path: readable.node, forWriting: true) }
            throw HapticDeviceChoiceError.noDevices
        }
        let selection = DeviceQuery(argument: argument)
        let found = selection.matches(in: devices)
        if found.count > 1 { throw HapticDeviceChoiceError.several(argument: argument, found) }
        if let device = found.first {
            guard device.access.canWrite else { throw DeviceError.permissionDenied(path: device.node, forWriting: true) }
            return device
        }
        if selection.isPath {
            // The device layer says what the path is: missing, not evdev, or without force feedback.
            let opened = try EvdevDevice(path: argument)
            throw DeviceError.noForceFeedback(path: argument, name: opened.description.name)
        }
        throw HapticDeviceChoiceError.noMatch(argument: argument, among: devices)
    }
}
