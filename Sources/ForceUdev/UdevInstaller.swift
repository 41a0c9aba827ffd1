import ForceSystem
import FoundationEssentials

/// Installs ForceBridge's udev files (`ShippedUdevFile.all`) and makes the running udev take
/// them up, or removes them again.
///
/// On the running system (no prefix) it needs root, and then:
/// 1. writes the rules to `/etc/udev/rules.d` and the hwdb source to `/etc/udev/hwdb.d` (mode
///    0644, each through a temporary file and a rename, so udev never reads half a file);
/// 2. recompiles the hardware database where this system keeps it: `/etc/udev/hwdb.bin` when
///    that exists, else the distribution's copy under `/usr` (`systemd-hwdb update --usr`, as
///    Debian does), falling back to `/etc` when `/usr` is read-only. Writing a new
///    `/etc/udev/hwdb.bin` on a system that uses the `/usr` one would shadow it, and the
///    distribution's later hwdb updates would be ignored;
/// 3. `udevadm control --reload`, then `udevadm trigger --subsystem-match=input --action=change`
///    and `udevadm settle`, so devices already plugged in are re-evaluated.
///
/// With a prefix (staging for a package, or tests) it only writes the files under
/// `PREFIX/etc/udev`, needs no root and leaves the running udev alone.
public struct UdevInstaller: Sendable {
    /// The udev configuration directory the files go into: `/etc/udev` or `PREFIX/etc/udev`.
    public let configurationDirectory: String
    /// Whether the running system's udev is updated (false when staging under a prefix).
    public let updatesRunningSystem: Bool
    let runner: any SystemCommandRunning
    let isPrivileged: Bool
    /// Compiled hardware databases that distributions keep under `/usr`.
    var vendorHwdbFiles = ["/usr/lib/udev/hwdb.bin", "/lib/udev/hwdb.bin"]

    /// Where `file` is installed.
    public func destination(of file: ShippedUdevFile) -> String {
        "\(configurationDirectory)/\(file.kind.folder)/\(file.name)"
    }

    /// Installs (or updates) the files and has udev apply them; `log` hears each step.
    public func install(log: (String) -> Void) throws(UdevInstallError) {
        let tools = try prepare(action: "installing")
        for file in ShippedUdevFile.all {
            let path = destination(of: file)
            let existing = FileManager.default.contents(atPath: path)
            if existing == Data(file.contents.utf8) {
                log("unchanged \(path)")
                continue
            }
            try write(file.contents, to: path)
            log("\(existing == nil ? "installed" : "updated") \(path)")
        }
        if let tools { try apply(tools, log: log) }
    }

    /// Removes the files and has udev forget them; `log` hears each step. Removing files that
    /// are not there is not an error.
    public func uninstall(log: (String) -> Void) throws(UdevInstallError) {
        let tools = try prepare(action: "uninstalling")
        var removed = 0
        for file in ShippedUdevFile.all {
            let path = destination(of: file)
            guard FileSystem.item(at: path) != .missing else {
                log("not installed: \(path)")
                continue
            }
            do {
                try FileSystem.remove(path)
            } catch {
                throw .fileFailed(path: path, operation: "removing", reason: error.reason)
            }
            removed += 1
            log("removed \(path)")
        }
        if let tools, removed > 0 { try apply(tools, log: log) }
    }

    /// What the user should do after installing.
    public var nextStepsAfterInstall: [String] {
        guard updatesRunningSystem else {
            return ["The files are staged under \(configurationDirectory); udev was not touched. On the target system, "
                + "run 'systemd-hwdb update', 'udevadm control --reload' and 'udevadm trigger --subsystem-match=input --action=change'."]
        }
        return [
            "Devices already plugged in were re-evaluated: the user logged in at the seat (not over ssh) gets read-write access "
                + "to touchscreens, pens, tablet pads and haptic devices, and links under /dev/input/forcebridge/.",
            "If a device still cannot be opened, unplug and replug it, or log out and back in.",
            "Check with: forcebridge doctor",
        ]
    }

    /// What the user should know after uninstalling.
    public var nextStepsAfterUninstall: [String] {
        guard updatesRunningSystem else { return ["The staged files under \(configurationDirectory) were removed."] }
        return [
            "New devices no longer get access. Access already granted to a device stays until it is unplugged or you log out.",
            "Check with: forcebridge doctor",
        ]
    }

    // MARK: - Steps

    /// The programs for updating udev.
    struct Tools {
        /// `systemd-hwdb`, or `udevadm` (eudev and old udev: `udevadm hwdb --update`).
        var hwdb: SystemCommand
        var udevadm: String
    }

    /// Checks privileges and programs before anything is changed; nil tools when staging.
    func prepare(action: String) throws(UdevInstallError) -> Tools? {
        guard updatesRunningSystem else { return nil }
        guard isPrivileged else { throw .notRoot(action: action) }
        guard let udevadm = runner.locate("udevadm") else { throw .toolMissing(name: "udevadm") }
        if let hwdb = runner.locate("systemd-hwdb") {
            return Tools(hwdb: SystemCommand(hwdb, ["update"]), udevadm: udevadm)
        }
        return Tools(hwdb: SystemCommand(udevadm, ["hwdb", "--update"]), udevadm: udevadm)
    }

    /// Recompiles the hwdb, reloads udev and re-evaluates input devices.
    func apply(_ tools: Tools, log: (String) -> Void) throws(UdevInstallError) {
        let systemBinary = "\(configurationDirectory)/hwdb.bin"
        let usesVendorBinary = !FileManager.default.fileExists(atPath: systemBinary)
            && vendorHwdbFiles.contains { FileManager.default.fileExists(atPath: $0) }
        if usesVendorBinary {
            var vendor = tools.hwdb
            vendor.arguments.append("--usr")
            let outcome = runner.run(vendor)
            if outcome.succeeded {
                log("ran \(vendor)")
            } else {
                log("'\(vendor)' failed (read-only /usr?); compiling into \(systemBinary) instead")
                try run(tools.hwdb, log: log)
            }
        } else {
            try run(tools.hwdb, log: log)
        }
        try run(SystemCommand(tools.udevadm, ["control", "--reload"]), log: log)
        try run(SystemCommand(tools.udevadm, ["trigger", "--subsystem-match=input", "--action=change"]), log: log)
        let settle = SystemCommand(tools.udevadm, ["settle", "--timeout=30"])
        if runner.run(settle).succeeded {
            log("ran \(settle)")
        } else {
            log("'\(settle)' timed out; udev is still working through the devices")
        }
    }

    private func run(_ command: SystemCommand, log: (String) -> Void) throws(UdevInstallError) {
        let outcome = runner.run(command)
        guard outcome.succeeded else {
            throw .commandFailed(command: command.description, status: outcome.status, output: outcome.output)
        }
        log("ran \(command)")
    }

    /// Writes `text` to `path` (mode 0644 whatever the umask, so that udev can read it) through
    /// a temporary file in the same folder, renamed over `path`.
    func write(_ text: String, to path: String) throws(UdevInstallError) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        do {
            try FileSystem.createDirectory(folder)
            try FileSystem.replaceDurably(
                path, with: Array(text.utf8), temporarySuffix: ".\(Subprocess.currentProcessID).tmp",
                permissions: [.ownerReadWrite, .groupRead, .otherRead], exactPermissions: true)
        } catch {
            throw .fileFailed(path: path, operation: "writing", reason: error.reason)
        }
    }
}

// In an extension, so that Swift still writes the memberwise initializer through which tests
// give every dependency.
extension UdevInstaller {
    /// An installer for the running system (`prefix` nil) or for the staging root `prefix`.
    public init(prefix: String? = nil, runner: any SystemCommandRunning = ProcessCommandRunner()) {
        if let prefix {
            let root = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
            self.init(configurationDirectory: "\(root)/etc/udev", updatesRunningSystem: false, runner: runner, isPrivileged: true)
        } else {
            self.init(configurationDirectory: "/etc/udev", updatesRunningSystem: true, runner: runner, isPrivileged: Subprocess.isRunningAsRoot)
        }
    }
}
