/// Why a device cannot be used, with what to do about it.
public enum DeviceError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The path does not exist.
    case noSuchNode(path: String)
    /// The path exists but is not an evdev character device (`/dev/input/eventN`).
    case notAnEventDevice(path: String, detail: String)
    /// The user may not open the node.
    case permissionDenied(path: String, forWriting: Bool)
    /// The device went away (`ENODEV`).
    case deviceLost(path: String)
    /// The device is not a touch, tablet or haptic device and may not be recorded or monitored.
    case notATouchDevice(path: String, name: String, kind: String)
    /// The device has no force feedback.
    case noForceFeedback(path: String, name: String)
    /// Another system call failed.
    case system(path: String, operation: String, errno: Int32)
    /// `/dev/uinput` is missing or not usable.
    case uinputUnavailable(detail: String)

    /// The rules file that grants the seat's user access, relative to the source tree.
    public static let rulesFile = "udev-rules/70-forcebridge.rules"

    public var description: String {
        switch self {
        case .noSuchNode(let path):
            return "\(path): no such device node. Run 'forcebridge list' to see the devices there are."
        case .notAnEventDevice(let path, let detail):
            return "\(path): not an evdev input device (\(detail)). Use an event node such as /dev/input/event5; 'forcebridge list' shows them."
        case .permissionDenied(let path, let forWriting):
            return "\(path): permission denied (opening for \(forWriting ? "reading and writing" : "reading")). "
                + "Install ForceBridge's udev rules so the logged-in user gets access to touch, tablet and haptic devices only: "
                + "'make install-udev' (or 'forcebridge udev install'), which installs \(Self.rulesFile), then unplug and replug the device or log in again. "
                + "Alternatives: run as root, or add yourself to the 'input' group (this grants every input device, keyboards included — not recommended)."
        case .deviceLost(let path):
            return "\(path): the device went away (unplugged or removed)."
        case .notATouchDevice(let path, let name, let kind):
            return "\(path) (\"\(name)\") is a \(kind), not a touch, tablet or haptic device; ForceBridge does not read it "
                + "(recording keyboards or mice would capture what is typed). Pass --allow-non-touch if you really mean to."
        case .noForceFeedback(let path, let name):
            return "\(path) (\"\(name)\") has no force feedback (EV_FF). 'forcebridge haptic list' shows the devices that do."
        case .system(let path, let operation, let code):
            return "\(path): \(operation) failed: \(DeviceError.message(for: code))"
        case .uinputUnavailable(let detail):
            return "/dev/uinput is not available (\(detail)). Load the module ('modprobe uinput') and make sure you may write to /dev/uinput."
        }
    }

    /// The C library's text for `code`.
    static func message(for code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

#if canImport(Glibc)
import Glibc
#endif
