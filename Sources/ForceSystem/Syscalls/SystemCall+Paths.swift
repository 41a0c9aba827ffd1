import Glibc
import SystemPackage

// Paths: what is there, and creating, renaming and removing files and directories.
extension SystemCall {
    /// The status of what is at `path`, following symbolic links.
    package static func status(ofPath path: String) throws(Errno) -> stat {
        try retrying { () throws(Errno) in try table.stat(path) }
    }

    /// The status of what is at `path`, not following a symbolic link there.
    package static func linkStatus(ofPath path: String) throws(Errno) -> stat {
        try retrying { () throws(Errno) in try table.lstat(path) }
    }

    /// Whether the real user may access `path` as `mode` says (`R_OK`, `W_OK`, `X_OK`, `F_OK`);
    /// throws why not.
    package static func checkAccess(_ path: String, _ mode: CInt) throws(Errno) {
        try retrying { () throws(Errno) in try table.access(path, mode) }
    }

    /// Whether the real user may access `path` as `mode` says.
    package static func isAccessible(_ path: String, _ mode: CInt) -> Bool {
        failure { () throws(Errno) in try checkAccess(path, mode) } == nil
    }

    /// Removes the file at `path`.
    package static func unlink(_ path: String) throws(Errno) {
        try retrying { () throws(Errno) in try table.unlink(path) }
    }

    /// Renames `path` to `newPath`, replacing what is there.
    package static func rename(_ path: String, to newPath: String) throws(Errno) {
        try retrying { () throws(Errno) in try table.rename(path, newPath) }
    }

    /// Creates the directory `path` with `mode`.
    package static func makeDirectory(_ path: String, mode: mode_t) throws(Errno) {
        try retrying { () throws(Errno) in try table.mkdir(path, mode) }
    }

    /// Removes the empty directory `path`.
    package static func removeDirectory(_ path: String) throws(Errno) {
        try retrying { () throws(Errno) in try table.rmdir(path) }
    }

    /// Where the symbolic link `path` points.
    package static func linkTarget(_ path: String) throws(Errno) -> String {
        try retrying { () throws(Errno) in try table.readlink(path) }
    }

    /// The working directory.
    package static func workingDirectory() throws(Errno) -> String {
        try table.workingDirectory()
    }

    /// Creates a directory from `template` (ending in `XXXXXX`), readable by this user only;
    /// returns its path.
    package static func makeTemporaryDirectory(_ template: String) throws(Errno) -> String {
        try retrying { () throws(Errno) in try table.makeTemporaryDirectory(template) }
    }

    /// The names in the directory `path`, without `.` and `..`.
    package static func directoryEntries(_ path: String) throws(Errno) -> [String] {
        try retrying { () throws(Errno) in try table.directoryEntries(path) }
    }
}
