import ForceCore
import SystemPackage

/// Why a force-feedback operation failed (the facts; the command line adds what to do).
public enum HapticDeviceError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The device went away (unplugged or removed); its effects are gone with it.
    case deviceLost(path: String)
    /// The device was closed.
    case closed(path: String)
    /// The kernel refused an effect (`EINVAL`): the device does not support its type or waveform.
    case effectRejected(path: String, effect: String, detail: String)
    /// No effect slot is free (`ENOSPC`): other programs hold the device's slots.
    case noFreeSlots(path: String, slots: Int)
    /// The device cannot set its strength (`FF_GAIN` missing).
    case gainUnsupported(path: String)
    /// The pattern cannot be played on this device.
    case unplayable(path: String, reason: HapticRenderError)
    /// Another system call failed.
    case system(path: String, operation: String, errno: Errno)

    public var description: String {
        switch self {
        case .deviceLost(let path):
            return "\(path): the force-feedback device went away (unplugged or removed); its effects and motors stopped with it."
        case .closed(let path):
            return "\(path): the force-feedback device was already closed."
        case .effectRejected(let path, let effect, let detail):
            return "\(path): the device refused the effect (\(effect)): \(detail)."
        case .noFreeSlots(let path, let slots):
            return "\(path): all \(slots) effect slots of the device are taken by other programs (ENOSPC). Close the program holding them (a game, feedbackd) and try again."
        case .gainUnsupported(let path):
            return "\(path): the device has no FF_GAIN; strength is applied to each effect's magnitude instead."
        case .unplayable(let path, let reason):
            return "\(path): cannot play this: \(reason)."
        case .system(let path, let operation, let code):
            return DeviceError.system(path: path, operation: operation, errno: code).description
        }
    }
}
