/// One of the udev files ForceBridge ships in `udev-rules/`: the rules that give the seat's user
/// access, and the hwdb that calibrates devices. Their text is compiled into the binary (see
/// `Scripts/embed-udev-files.py`), so `forcebridge udev install` works wherever the binary is.
public struct ShippedUdevFile: Hashable, Sendable, CustomStringConvertible {
    /// Which of udev's configuration folders the file belongs in.
    public enum Kind: String, Hashable, Sendable {
        /// A rules file (`rules.d`).
        case rules
        /// A hardware database source (`hwdb.d`), compiled by `systemd-hwdb update`.
        case hwdb

        /// The folder's name under a udev configuration directory such as `/etc/udev`.
        public var folder: String { "\(rawValue).d" }
    }

    /// The file name, e.g. `70-forcebridge.rules`.
    public let name: String
    /// Where it belongs.
    public let kind: Kind
    /// The exact text.
    public let contents: String

    /// `70-forcebridge.rules`: `TAG+="uaccess"` and a `/dev/input/forcebridge/` link for
    /// touchscreens, tablets and haptic devices, never keyboards or mice.
    public static let rules = ShippedUdevFile(name: "70-forcebridge.rules", kind: .rules, contents: rulesContents)
    /// `70-forcebridge.hwdb`: per-device `FORCEBRIDGE_*` calibration properties.
    public static let hwdb = ShippedUdevFile(name: "70-forcebridge.hwdb", kind: .hwdb, contents: hwdbContents)
    /// Every shipped file, in installation order.
    public static let all = [rules, hwdb]

    /// The file name.
    public var description: String { name }

    /// The file's path relative to the repository, e.g. `udev-rules/70-forcebridge.rules`.
    public var sourcePath: String { "udev-rules/\(name)" }
}
