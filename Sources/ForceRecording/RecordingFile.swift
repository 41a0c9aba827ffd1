import ForceSystem
import SystemPackage

/// A recording file opened for reading, or created for writing, through swift-system; failures
/// become `RecordingError`s that say what to do.
struct RecordingFile {
    /// The file, for messages.
    let path: String
    /// The open descriptor (the reads into `LineReader`'s buffer are in LineReader.swift, the
    /// one file of this target that holds unsafe pointers).
    let descriptor: FileDescriptor

    private init(path: String, descriptor: FileDescriptor) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Opens `path` for reading: a missing file, a folder and a file the user may not read each
    /// get their own message.
    static func open(_ path: String) throws -> RecordingFile {
        let status: Stat
        do { status = try Stat(FilePath(path)) } catch {
            throw RecordingError(path: path, message: "no such file")
        }
        // Checked first: on Linux a folder opens for reading.
        guard status.type != .directory else { throw RecordingError(path: path, message: "is a directory, not a recording") }
        do {
            return RecordingFile(path: path, descriptor: try FileDescriptor.open(FilePath(path), .readOnly, retryOnInterrupt: true))
        } catch Errno.permissionDenied {
            throw RecordingError(path: path, message: "cannot be read (permission denied?)")
        } catch {
            throw RecordingError(path: path, message: "cannot be opened: \(error)")
        }
    }

    /// Creates `path` with `permissions`, replacing the file that is there.
    static func create(_ path: String, permissions: Int = 0o644) throws -> RecordingFile {
        if FileSystem.item(at: path) != .missing {
            do { try FileSystem.remove(path) } catch {
                throw RecordingError(path: path, message: "cannot replace the existing file: \(error.errno)")
            }
        }
        do {
            let descriptor = try FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.create, .exclusiveCreate],
                permissions: FilePermissions(rawValue: CModeT(permissions)), retryOnInterrupt: true)
            return RecordingFile(path: path, descriptor: descriptor)
        } catch {
            throw RecordingError(path: path, message: "cannot be created (does the folder exist, and may you write to it?)")
        }
    }

    /// Writes all of `bytes`.
    func write(_ bytes: some Sequence<UInt8>) throws {
        do { _ = try descriptor.writeAll(bytes) } catch {
            throw RecordingError(path: path, message: "write failed: \(error)")
        }
    }

    /// Flushes what was written to the disk, as far as the kernel can.
    func synchronize() {
        FileSystem.synchronize(descriptor)
    }

    /// Closes the file.
    func close() {
        try? descriptor.close()
    }

    /// Flushes what was written to the disk and closes the file: how a writer ends.
    func finish() {
        synchronize()
        close()
    }
}
