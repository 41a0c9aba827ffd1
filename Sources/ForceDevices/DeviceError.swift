import ForceSystem
import ForceSystem
import SystemPackage

/// Why a device cannot be used: the facts (which node, what failed, the kernel's error). What to
/// do about it is for the program showing the error to say (the command line adds advice).
public enum DeviceError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The path does not exist.
    case noSuchNode(path: String)
    /// The path exists but is not an evdev character device (`/dev/input/eventN`).
    case notAnEventDevice(path: String, detail: String)
    /// The user may not open the node.
    case permissionDenied(path: String, forWriting: Bool)
    /// The device went away (`ENODEV`).
    case deviceLost(path: String)
    /// The device has no force feedback.
    case noForceFeedback(path: String, name: String)
    /// Another system call failed.
    case system(path: String, operation: String, errno: Errno)
    /// `/dev/uinput` is missing or not usable.
    case uinputUnavailable(detail: String)
    /// uinput refuses to create a device from this description; `reason` says what to change.
    case uinputRejected(device: String, reason: String)

    /// The rules file that grants the seat's user access, relative to the source tree.
    public static let rulesFile = "udev-rules/70-forcebridge.rules"

    public var description: String {
        switch self {
        case .noSuchNode(let path):
            return "\(path): no such device node."
        case .notAnEventDevice(let path, let detail):
            return "\(path): not an evdev input device (\(detail))."
        case .permissionDenied(let path, let forWriting):
            return "\(path): permission denied (opening for \(forWriting ? "reading and writing" : "reading"))."
        case .deviceLost(let path):
            return "\(path): the device went away (unplugged or removed)."
        case .noForceFeedback(let path, let name):
            return "\(path) (\"\(name)\") has no force feedback (EV_FF)."
        case .system(let path, let operation, let code):
            return "\(path): \(operation) failed: \(SystemCall.message(for: code))"
        case .uinputUnavailable(let detail):
            return "/dev/uinput is not available (\(detail))."
        case .uinputRejected(let device, let reason):
            return "uinput cannot create \"\(device)\": \(reason)."
        }
    }

    /// A system call of the system layer that failed, as a device error.
    public init(_ error: SystemError) {
        self = .system(path: error.path, operation: error.operation, errno: error.errno)
    }

    /// The C library's text for `code` ("Permission denied").
    public static func message(for code: Errno) -> String {
        SystemCall.message(for: code)
    }
}
