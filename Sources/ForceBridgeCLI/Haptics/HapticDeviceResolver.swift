import ForceCore
import ForceDevices

/// Finds the force-feedback device a `--device` / `--haptics` argument names: a node, part of a
/// name, or `auto` (or nothing) for the first one this user may write to.
enum HapticDeviceResolver {
    /// The word that asks for the first capable device.
    static let automatic = "auto"

    /// The device `argument` names; prints what is wrong and exits (status 1) when there is none.
    static func resolve(_ argument: String?) throws -> InputDeviceInfo {
        let devices = DeviceDiscovery.hapticDevices()
        guard let argument, argument != automatic else {
            if let usable = devices.first(where: { $0.access.canWrite }) { return usable }
            if let readable = devices.first {
                throw CommandFailure(DeviceError.permissionDenied(path: readable.node, forWriting: true))
            }
            throw CommandFailure("No force-feedback device found: no event device has EV_FF with rumble or periodic effects. "
                + "'forcebridge haptic list' shows what there is; give one with --device /dev/input/eventN.")
        }
        let selection = DeviceQuery(argument: argument)
        let found = selection.matches(in: devices)
        if found.count > 1 {
            throw CommandFailure("'\(argument)' matches several force-feedback devices: \(found.map { "\($0.node) \"\($0.description.name)\"" }.joined(separator: ", ")). Name one by its node.")
        }
        if let device = found.first {
            guard device.access.canWrite else { throw CommandFailure(DeviceError.permissionDenied(path: device.node, forWriting: true)) }
            return device
        }
        if selection.isPath {
            // Let the device layer say what the path is: missing, not evdev, or without force feedback.
            do {
                let opened = try EvdevDevice(path: argument)
                throw CommandFailure(DeviceError.noForceFeedback(path: argument, name: opened.description.name))
            } catch let error as DeviceError {
                throw CommandFailure(error)
            }
        }
        let names = devices.map { "\($0.node) \"\($0.description.name)\"" }
        throw CommandFailure("No force-feedback device matches '\(argument)'. "
            + (names.isEmpty ? "There is no force-feedback device." : "Force-feedback devices: \(names.joined(separator: ", ")).")
            + " 'forcebridge haptic list' shows them.")
    }
}
