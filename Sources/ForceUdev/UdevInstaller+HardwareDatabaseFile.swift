import FoundationEssentials

extension UdevInstaller {
    /// Whether this installer may write where it installs (root, or staging under a prefix).
    public var canInstall: Bool { isPrivileged }

    /// Installs (or updates) one more hwdb source file, `name` in `hwdb.d` (a calibrated
    /// device's entry), and has udev apply it as `install(log:)` does: the database recompiled,
    /// udev reloaded, input devices re-evaluated. Returns the file's path.
    @discardableResult
    public func installHardwareDatabaseFile(named name: String, contents: String, log: (String) -> Void) throws(UdevInstallError) -> String {
        let tools = try prepare(action: "installing")
        let path = "\(configurationDirectory)/hwdb.d/\(name)"
        let existing = FileManager.default.contents(atPath: path)
        if existing == Data(contents.utf8) {
            log("unchanged \(path)")
        } else {
            try write(contents, to: path)
            log("\(existing == nil ? "installed" : "updated") \(path)")
        }
        if let tools { try apply(tools, log: log) }
        return path
    }
}
