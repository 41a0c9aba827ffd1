import ForceCore
import ForceDevices

/// Finds the force-feedback device a `--device` / `--haptics` argument names
/// (`DeviceDiscovery.hapticDevice`), saying what to do when there is none.
enum HapticDeviceResolver {
    /// The device `argument` names; a `CommandFailure` says what is wrong when there is none.
    static func resolve(_ argument: String?) throws -> InputDeviceInfo {
        do {
            return try DeviceDiscovery.hapticDevice(argument)
        } catch HapticDeviceChoiceError.noDevices {
            throw CommandFailure("No force-feedback device found: no event device has EV_FF with rumble or periodic effects. "
                + "'forcebridge haptic list' shows what there is; give one with --device /dev/input/eventN.")
        } catch HapticDeviceChoiceError.several(let found) {
            throw CommandFailure("'\(argument ?? "")' matches several force-feedback devices: \(InputDeviceChoiceError.names(found)). Name one by its node.")
        } catch HapticDeviceChoiceError.noMatch(let devices) {
            throw CommandFailure("No force-feedback device matches '\(argument ?? "")'. "
                + (devices.isEmpty ? "There is no force-feedback device." : "Force-feedback devices: \(InputDeviceChoiceError.names(devices)).")
                + " 'forcebridge haptic list' shows them.")
        } catch {
            throw CommandFailure(error)
        }
    }
}
