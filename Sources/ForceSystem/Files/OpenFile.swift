import Glibc
import SystemPackage

/// A file opened for reading or created for writing, whose reads, writes, flushes and closing go
/// through the system layer (recordings are read and written this way).
package struct OpenFile: Sendable {
    /// The file, for messages.
    package let path: String
    /// The open descriptor.
    package let descriptor: FileDescriptor

    /// Opens `path` for reading.
    package static func open(forReading path: String) throws(FileSystemError) -> OpenFile {
        do {
            return OpenFile(path: path, descriptor: try SystemCall.open(path, .readOnly, options: .closeOnExec))
        } catch {
            throw FileSystemError(path: path, action: "cannot open", errno: error)
        }
    }

    /// Creates `path`, which must not exist, for writing, with `permissions`.
    package static func create(_ path: String, permissions: Int) throws(FileSystemError) -> OpenFile {
        do {
            let descriptor = try SystemCall.open(path, .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
                                                 permissions: FilePermissions(rawValue: mode_t(permissions)))
            return OpenFile(path: path, descriptor: descriptor)
        } catch {
            throw FileSystemError(path: path, action: "cannot create", errno: error)
        }
    }

    /// Reads up to `buffer.count` bytes into `buffer`; 0 at the end of the file.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileSystemError) -> Int {
        do {
            return try SystemCall.read(descriptor, into: buffer)
        } catch {
            throw FileSystemError(path: path, action: "cannot read", errno: error)
        }
    }

    /// Writes all of `bytes`.
    package func write(_ bytes: some Sequence<UInt8>) throws(FileSystemError) {
        let written = bytes.withContiguousStorageIfAvailable { buffer in
            SystemCall.failure { () throws(Errno) in try SystemCall.writeAll(descriptor, UnsafeRawBufferPointer(buffer)) }
        }
        let failure = written ?? Array(bytes).withUnsafeBytes { buffer in
            SystemCall.failure { () throws(Errno) in try SystemCall.writeAll(descriptor, buffer) }
        }
        if let failure { throw FileSystemError(path: path, action: "cannot write", errno: failure) }
    }

    /// Flushes what was written to the disk, as far as the kernel can (best effort).
    package func synchronize() {
        _ = try? SystemCall.synchronize(descriptor)
    }

    /// Closes the file.
    package func close() {
        descriptor.closeQuietly()
    }
}

extension FileSystemError {
    /// Whether the kernel refused for lack of permission (`EACCES`).
    package var isPermissionDenied: Bool { errno == .permissionDenied }
}

extension OpenFile {
    /// Up to `count` bytes from the file's current offset (fewer at its end).
    package func readHead(count: Int) throws(FileSystemError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = try bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(FileSystemError) in try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])) }
            }.get()
            if got == 0 { break }
            filled += got
        }
        return Array(bytes[0..<filled])
    }
}
