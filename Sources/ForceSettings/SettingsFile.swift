import FoundationEssentials

/// Replacing a settings file safely: the previous version is kept as `FILE.bak`, and the new
/// content appears whole or not at all (written to a temporary file, then renamed over the old
/// one), with the old file's permissions. A settings file that is a symbolic link (dotfile
/// managers make them) stays one: the file it points to is backed up and replaced.
public enum SettingsFile {
    /// Why a settings file could not be replaced. Nothing was changed when this is thrown,
    /// except, after a backup, the backup itself.
    public struct WriteError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The file.
        public var path: String
        /// What failed (`creating the folder`, `backing up to FILE.bak`, `writing`).
        public var operation: String
        /// The system's reason.
        public var reason: String

        public var description: String { "\(path): \(operation) failed: \(reason)" }
    }

    /// Where the previous version of `path` is kept.
    public static func backupPath(for path: String) -> String { resolved(path) + ".bak" }

    /// `path` with symbolic links followed.
    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// The content of `path`, or nil when there is no such file. An unreadable file is an error.
    public static func contents(of path: String) throws(WriteError) -> String? {
        let manager = FileManager.default
        guard manager.fileExists(atPath: path) else { return nil }
        guard let data = manager.contents(atPath: path) else {
            throw WriteError(path: path, operation: "reading", reason: "permission denied, or not a regular file")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Copies `path` to `backupPath(for:)` (replacing an older backup) and returns the backup's
    /// path; nil, doing nothing, when `path` does not exist.
    @discardableResult
    public static func backUp(_ link: String) throws(WriteError) -> String? {
        let manager = FileManager.default
        let path = resolved(link)
        guard manager.fileExists(atPath: path) else { return nil }
        let backup = backupPath(for: path)
        do {
            if manager.fileExists(atPath: backup) { try manager.removeItem(atPath: backup) }
            try manager.copyItem(atPath: path, toPath: backup)
        } catch {
            throw WriteError(path: path, operation: "backing up to \(backup)", reason: "\(error)")
        }
        return backup
    }

    /// Creates the folder that will hold `path`, with its parents, if missing.
    public static func createFolder(for path: String) throws(WriteError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: path, operation: "creating the folder \(folder)", reason: "\(error)")
        }
    }

    /// Writes `text` to `path` atomically, creating the folder if needed; an existing file keeps
    /// its permissions.
    public static func write(_ text: String, to link: String) throws(WriteError) {
        let path = resolved(link)
        try createFolder(for: path)
        let manager = FileManager.default
        let permissions = (try? manager.attributesOfItem(atPath: path))?[.posixPermissions]
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            if let permissions { try manager.setAttributes([.posixPermissions: permissions], ofItemAtPath: path) }
        } catch {
            throw WriteError(path: path, operation: "writing", reason: "\(error)")
        }
    }
}
