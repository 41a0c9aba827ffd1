import FoundationEssentials

/// Whether ForceBridge's udev files are installed where udev reads them, whether they are this
/// version's, and whether udev is running to apply them.
public struct UdevInstallationStatus: Sendable {
    /// One shipped file as the system has it.
    public struct InstalledFile: Sendable {
        /// The shipped file.
        public var file: ShippedUdevFile
        /// Where udev reads it from: the first of udev's folders that has a file of that name
        /// (a file in `/etc` hides one of the same name in `/run` or `/usr`). Nil: not installed.
        public var path: String?
        /// Whether the installed text is this version's.
        public var isCurrent: Bool
    }

    /// The rules and the hwdb, in `ShippedUdevFile.all` order.
    public var files: [InstalledFile]
    /// The compiled hardware database udev uses, if any.
    public var compiledHwdbPath: String?
    /// Whether the compiled database is older than the installed hwdb file (its entries are not
    /// in effect yet: `systemd-hwdb update` has not run since).
    public var hwdbNeedsUpdate: Bool
    /// Whether `systemd-udevd` runs (its control socket exists). Without it, no rule applies.
    public var isUdevRunning: Bool

    /// The rules file's status.
    public var rules: InstalledFile { files[0] }
    /// The hwdb file's status.
    public var hwdb: InstalledFile { files[1] }

    /// udev's configuration folders, highest precedence first (relative to the root).
    static let configurationDirectories = ["/etc/udev", "/run/udev", "/usr/local/lib/udev", "/usr/lib/udev", "/lib/udev"]
    /// Where udev looks for the compiled hardware database, first found wins.
    static let compiledHwdbPaths = [
        "/etc/systemd/hwdb/hwdb.bin", "/etc/udev/hwdb.bin", "/usr/lib/systemd/hwdb/hwdb.bin",
        "/lib/systemd/hwdb/hwdb.bin", "/usr/lib/udev/hwdb.bin", "/lib/udev/hwdb.bin",
    ]

    /// Inspects the system whose root folder is `root` (`""` for this one).
    public static func inspect(root: String = "") -> UdevInstallationStatus {
        let manager = FileManager.default
        let files = ShippedUdevFile.all.map { file -> InstalledFile in
            let path = configurationDirectories.lazy
                .map { "\(root)\($0)/\(file.kind.folder)/\(file.name)" }
                .first { manager.fileExists(atPath: $0) }
            let isCurrent = path.flatMap { manager.contents(atPath: $0) } == Data(file.contents.utf8)
            return InstalledFile(file: file, path: path, isCurrent: isCurrent)
        }
        let compiled = compiledHwdbPaths.lazy.map { root + $0 }.first { manager.fileExists(atPath: $0) }
        var needsUpdate = false
        if let source = files[1].path {
            let sourceDate = modificationDate(source)
            let compiledDate = compiled.flatMap(modificationDate)
            needsUpdate = compiledDate == nil || (sourceDate.map { $0 > compiledDate! } ?? false)
        }
        return UdevInstallationStatus(
            files: files, compiledHwdbPath: compiled, hwdbNeedsUpdate: needsUpdate,
            isUdevRunning: manager.fileExists(atPath: "\(root)/run/udev/control"))
    }

    private static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}

extension UdevInstallationStatus {
    /// What to do about the installation as a whole, most important first; empty when all is well.
    public var advice: [String] {
        var steps: [String] = []
        if !isUdevRunning {
            steps.append("systemd-udevd is not running, so no udev rule applies to any device: start it ('systemctl start systemd-udevd').")
        }
        if let path = rules.path {
            if !rules.isCurrent { steps.append("\(path) is not this version's rules: reinstall with 'sudo forcebridge udev install'.") }
        } else {
            steps.append("ForceBridge's udev rules are not installed: 'sudo forcebridge udev install'.")
        }
        if let path = hwdb.path {
            if !hwdb.isCurrent { steps.append("\(path) is not this version's hwdb: reinstall with 'sudo forcebridge udev install'.") }
            if hwdbNeedsUpdate {
                steps.append("The compiled hardware database is older than \(path): run 'sudo systemd-hwdb update' "
                    + "and 'sudo udevadm trigger --subsystem-match=input --action=change'.")
            }
        } else if rules.path != nil {
            steps.append("\(ShippedUdevFile.hwdb.name) is not installed: 'sudo forcebridge udev install'.")
        }
        return steps
    }
}
