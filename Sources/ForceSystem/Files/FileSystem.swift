import Glibc
import SystemPackage

/// The few file-system operations the programs need beyond reading recordings: what a path is,
/// reading a small file whole, and replacing a file atomically and durably.
package enum FileSystem {
    /// What is at a path.
    package enum Item: Equatable, Sendable {
        /// Nothing.
        case missing
        /// A directory.
        case directory
        /// Anything else (a file, a device node).
        case file
    }

    /// What is at `path` (following symbolic links).
    package static func item(at path: String) -> Item {
        guard let info = try? SystemCall.status(ofPath: path) else { return .missing }
        return info.st_mode & S_IFMT == S_IFDIR ? .directory : .file
    }

    /// Whether the real user may write `path` (as `access(2)` says).
    package static func isWritable(_ path: String) -> Bool {
        SystemCall.isAccessible(path, W_OK)
    }

    /// Whether the real user may read `path`.
    package static func isReadable(_ path: String) -> Bool {
        SystemCall.isAccessible(path, R_OK)
    }

    /// `path` made absolute (against the working directory) and lexically normalized (`.`,
    /// `..` and repeated slashes resolved), for comparing paths.
    package static func absolutePath(_ path: String) -> String {
        var full = FilePath(path)
        if !full.isAbsolute, let directory = workingDirectory() { full = FilePath(directory).pushing(full) }
        return full.lexicallyNormalized().string
    }

    /// The working directory, if it can be known.
    package static func workingDirectory() -> String? {
        try? SystemCall.workingDirectory()
    }

    /// Removes the file at `path`, if there is one.
    package static func removeFile(_ path: String) {
        _ = try? SystemCall.unlink(path)
    }

    /// Removes the file at `path`; throws why it could not.
    package static func remove(_ path: String) throws(FileSystemError) {
        do { try SystemCall.unlink(path) } catch { throw FileSystemError(path: path, action: "cannot remove", errno: error) }
    }

    /// Flushes what was written to `file` to the disk, as far as the kernel can (best effort).
    package static func synchronize(_ file: FileDescriptor) {
        _ = try? SystemCall.synchronize(file)
    }

    /// The whole content of the file at `path`.
    package static func contents(of path: String) throws(Errno) -> [UInt8] {
        let file = try SystemCall.open(path, .readOnly, options: .closeOnExec)
        defer { file.closeQuietly() }
        return try contents(of: file, limit: Int.max)
    }

    /// Everything `file` holds from its current offset, at most `limit` bytes (`EFBIG` beyond).
    package static func contents(of file: FileDescriptor, limit: Int) throws(Errno) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = try chunk.withUnsafeMutableBytes { buffer in Result { () throws(Errno) in try SystemCall.read(file, into: buffer) } }.get()
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { throw .fileTooLarge }
        }
    }

    /// Whether `file` is a regular file (reading it never waits on another program).
    package static func isRegularFile(_ file: FileDescriptor) -> Bool {
        guard let status = try? SystemCall.status(of: file) else { return false }
        return status.st_mode & S_IFMT == S_IFREG
    }

    /// Replaces the file at `path` with `bytes` so that a crash at any moment leaves either the
    /// old or the new complete file: the bytes go to `path` + `temporarySuffix` (created with
    /// `permissions`), are flushed to disk, and the file is renamed over `path`; then the
    /// directory is flushed so the rename survives a power cut. Throws what failed and on which
    /// path. `exactPermissions` gives the file `permissions` whatever the umask (files that
    /// another program must read, such as udev rules).
    package static func replaceDurably(_ path: String, with bytes: [UInt8], temporarySuffix: String,
                                      permissions: FilePermissions = [.ownerReadWrite, .groupRead, .otherRead],
                                      exactPermissions: Bool = false) throws(FileSystemError) {
        let temporary = path + temporarySuffix
        removeFile(temporary)
        let file: FileDescriptor
        do {
            file = try SystemCall.open(temporary, .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec], permissions: permissions)
        } catch {
            throw FileSystemError(path: temporary, action: "cannot create", errno: error)
        }
        let writeFailure = bytes.withUnsafeBytes { buffer in SystemCall.failure { () throws(Errno) in try file.writeEverything(buffer) } }
        var failure = writeFailure.map { FileSystemError(path: temporary, action: "cannot write", errno: $0) }
        if failure == nil, exactPermissions {
            do { try SystemCall.setPermissions(file, permissions) } catch {
                failure = FileSystemError(path: temporary, action: "cannot set the permissions of", errno: error)
            }
        }
        if failure == nil {
            do { try SystemCall.synchronize(file) } catch { failure = FileSystemError(path: temporary, action: "cannot flush", errno: error) }
        }
        if let failure {
            file.closeQuietly()
            removeFile(temporary)
            throw failure
        }
        file.closeQuietly()
        do {
            try SystemCall.rename(temporary, to: path)
        } catch {
            removeFile(temporary)
            throw FileSystemError(path: path, action: "cannot replace", errno: error)
        }
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        if let folder = try? SystemCall.open(directory, .readOnly, options: [.directory, .closeOnExec]) {
            _ = try? SystemCall.synchronize(folder)
            folder.closeQuietly()
        }
    }

    /// Renames `path` to `newPath`.
    package static func rename(_ path: String, to newPath: String) throws(FileSystemError) {
        do {
            try SystemCall.rename(path, to: newPath)
        } catch {
            throw FileSystemError(path: path, action: "cannot move aside", errno: error)
        }
    }

    /// Creates the directory `path` and its missing parents.
    package static func createDirectory(_ path: String) throws(FileSystemError) {
        if item(at: path) == .directory { return }
        var current = FilePath(path).isAbsolute ? FilePath("/") : FilePath("")
        for component in FilePath(path).components {
            current.append(component)
            let text = current.string
            if item(at: text) == .directory { continue }
            do {
                try SystemCall.makeDirectory(text, mode: 0o755)
            } catch where error == .fileExists {
                continue
            } catch {
                throw FileSystemError(path: text, action: "cannot create the directory", errno: error)
            }
        }
    }

    /// The path of the running program (`/proc/self/exe`), nil when it cannot be read.
    package static func executablePath() -> String? {
        guard let path = try? SystemCall.linkTarget("/proc/self/exe"), !path.isEmpty else { return nil }
        return path
    }

    /// The names in the directory `path` (without `.` and `..`); empty when it cannot be read.
    package static func names(inDirectory path: String) -> [String] {
        (try? SystemCall.directoryEntries(path)) ?? []
    }
}

/// A file operation that failed: on which path, what was being done (`cannot write`), and the
/// kernel's error.
package struct FileSystemError: Error, CustomStringConvertible, Equatable, Sendable {
    package let path: String, action: String, errno: Errno

    /// The failure of `action` on `path` with `errno`.
    package init(path: String, action: String, errno: Errno) {
        self.path = path
        self.action = action
        self.errno = errno
    }

    /// The kernel's error as text (`Permission denied`).
    package var reason: String { SystemCall.message(for: errno) }

    /// `PATH: ACTION: Permission denied`.
    package var description: String { "\(path): \(action): \(SystemCall.message(for: errno))" }
}

extension FileSystem {
    /// Creates a new, empty directory under `$TMPDIR` (or `/tmp`) whose name starts with
    /// `prefix`, readable by this user only; returns its path.
    package static func makeTemporaryDirectory(prefix: String) throws(FileSystemError) -> String {
        let base = SystemCall.environmentValue("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        do {
            return try SystemCall.makeTemporaryDirectory("\(base)/\(prefix)XXXXXX")
        } catch {
            throw FileSystemError(path: base, action: "cannot create a temporary directory", errno: error)
        }
    }

    /// Removes `path` and, if it is a directory, everything in it (symbolic links are removed,
    /// not followed). Quiet about what is already gone.
    package static func removeTree(_ path: String) {
        guard let info = try? SystemCall.linkStatus(ofPath: path) else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            for name in names(inDirectory: path) { removeTree(path + "/" + name) }
            _ = try? SystemCall.removeDirectory(path)
        } else {
            removeFile(path)
        }
    }

    /// Writes `bytes` to `path`, replacing what is there (not atomically: for scratch files).
    package static func write(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        let file: FileDescriptor
        do {
            file = try SystemCall.open(path, .writeOnly, options: [.create, .truncate, .closeOnExec], permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw FileSystemError(path: path, action: "cannot create", errno: error)
        }
        defer { file.closeQuietly() }
        let failure = bytes.withUnsafeBytes { buffer in SystemCall.failure { () throws(Errno) in try file.writeEverything(buffer) } }
        if let failure { throw FileSystemError(path: path, action: "cannot write", errno: failure) }
    }
}
