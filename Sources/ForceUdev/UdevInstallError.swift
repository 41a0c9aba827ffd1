/// Why installing or uninstalling the udev files failed, with what to do about it.
public enum UdevInstallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Writing to the system's udev folders needs root.
    case notRoot(action: String)
    /// A program udev setup needs is missing.
    case toolMissing(name: String)
    /// A file could not be written or removed.
    case fileFailed(path: String, operation: String, reason: String)
    /// A command failed; the files are in place, but udev has not taken them up.
    case commandFailed(command: String, status: Int32, output: String)

    public var description: String {
        switch self {
        case .notRoot(let action):
            return "\(action) udev rules needs root: run 'sudo forcebridge udev \(action == "installing" ? "install" : "uninstall")'. "
                + "To stage the files without root, add --prefix DIR."
        case .toolMissing(let name):
            return "\(name) not found: udev (systemd-udevd) is not installed or not on PATH. "
                + "Install it (Debian/Ubuntu: 'apt install udev'; Fedora: 'dnf install systemd-udev'), "
                + "or stage the files with --prefix DIR and install them by hand. Without udev, only root "
                + "or members of the 'input' group can open input devices."
        case .fileFailed(let path, let operation, let reason):
            return "\(operation) \(path) failed: \(reason)"
        case .commandFailed(let command, let status, let output):
            let detail = output.split(separator: "\n").suffix(5).joined(separator: " | ")
            return "'\(command)' failed (exit status \(status))\(detail.isEmpty ? "" : ": \(detail)"). "
                + "The files are in place but udev has not taken them up; is systemd-udevd running "
                + "('systemctl status systemd-udevd')? Fix that, then run the command again or reboot."
        }
    }
}
