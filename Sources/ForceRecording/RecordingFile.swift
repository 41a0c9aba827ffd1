import ForceSystem

/// A recording file opened for reading, or created for writing, through the system layer;
/// failures become `RecordingError`s that say what to do.
struct RecordingFile {
    /// The file, for messages.
    var path: String { file.path }
    /// The open file (LineReader reads it into its buffer).
    let file: OpenFile

    private init(_ file: OpenFile) {
        self.file = file
    }

    /// Opens `path` for reading: a missing file, a folder and a file the user may not read each
    /// get their own message.
    static func open(_ path: String) throws -> RecordingFile {
        // Checked first: on Linux a folder opens for reading.
        switch FileSystem.item(at: path) {
        case .missing: throw RecordingError(path: path, message: "no such file")
        case .directory: throw RecordingError(path: path, message: "is a directory, not a recording")
        case .file: break
        }
        do {
            return RecordingFile(try OpenFile.open(forReading: path))
        } catch where error.isPermissionDenied {
            throw RecordingError(path: path, message: "cannot be read (permission denied?)")
        } catch {
            throw RecordingError(path: path, message: "cannot be opened: \(error.reason)")
        }
    }

    /// Creates `path` with `permissions`, replacing the file that is there.
    static func create(_ path: String, permissions: Int = 0o644) throws -> RecordingFile {
        if FileSystem.item(at: path) != .missing {
            do { try FileSystem.remove(path) } catch {
                throw RecordingError(path: path, message: "cannot replace the existing file: \(error.reason)")
            }
        }
        do {
            return RecordingFile(try OpenFile.create(path, permissions: permissions))
        } catch {
            throw RecordingError(path: path, message: "cannot be created (does the folder exist, and may you write to it?)")
        }
    }

    /// The error of a read that failed.
    func readError(_ failure: FileSystemError) -> RecordingError {
        RecordingError(path: path, message: "read failed: \(failure.reason)")
    }

    /// Up to `count` bytes from the start of the file.
    func readHead(count: Int) throws -> [UInt8] {
        do { return try file.readHead(count: count) } catch { throw readError(error) }
    }

    /// Writes all of `bytes`.
    func write(_ bytes: some Sequence<UInt8>) throws {
        do { try file.write(bytes) } catch {
            throw RecordingError(path: path, message: "write failed: \(error.reason)")
        }
    }

    /// Closes the file.
    func close() {
        file.close()
    }

    /// Flushes what was written to the disk and closes the file: how a writer ends.
    func finish() {
        file.synchronize()
        file.close()
    }
}
