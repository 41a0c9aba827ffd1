import ForceCommandLine
import ForceCore
import ForceDevices

/// Finds the force-feedback device a `--device` / `--haptics` argument names
/// (`DeviceDiscovery.hapticDevice`), saying what to do when there is none.
enum HapticDeviceResolver {
    /// The device `argument` names; a `CommandFailure` says what is wrong when there is none.
    static func resolve(_ argument: String?) throws -> InputDeviceInfo {
        do {
            return try DeviceDiscovery.hapticDevice(argument)
        } catch let error as HapticDeviceChoiceError {
            switch error {
            case .noDevices: throw CommandFailure(error.description + " 'forcebridge haptic list' shows what there is; give one with --device /dev/input/eventN.")
            case .several: throw CommandFailure(error.description + " Name one by its node.")
            case .noMatch: throw CommandFailure(error.description + " 'forcebridge haptic list' shows them.")
            }
        } catch {
            throw CommandFailure(error)
        }
    }
}
