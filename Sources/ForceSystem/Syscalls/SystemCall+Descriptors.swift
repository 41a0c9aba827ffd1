import Glibc
import SystemPackage

// Descriptors: opening, reading, writing, controlling and closing them.
extension SystemCall {
    /// Opens `path` with the C library's `flags` (`O_RDONLY | O_CLOEXEC`, ...), creating it with
    /// `permissions` when `flags` has `O_CREAT`.
    package static func open(_ path: String, _ flags: CInt, permissions: FilePermissions = []) throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try retrying { () throws(Errno) in try table.open(path, flags, permissions.rawValue) })
    }

    /// Opens `path` as swift-system's `FileDescriptor.open` would: `access` with `options`.
    package static func open(_ path: String, _ access: FileDescriptor.AccessMode, options: FileDescriptor.OpenOptions = [],
                             permissions: FilePermissions? = nil) throws(Errno) -> FileDescriptor {
        try open(path, access.rawValue | options.rawValue, permissions: permissions ?? [])
    }

    /// Closes `descriptor` (never retried: on Linux the descriptor is gone even when `close`
    /// reports an interruption).
    package static func close(_ descriptor: FileDescriptor) throws(Errno) {
        try table.close(descriptor.rawValue)
    }

    /// Reads up to `buffer.count` bytes into `buffer`; 0 at the end of the file.
    package static func read(_ descriptor: FileDescriptor, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try retrying { () throws(Errno) in try table.read(descriptor.rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Writes what of `bytes` the descriptor takes at once; returns how many bytes that was.
    package static func write(_ descriptor: FileDescriptor, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try retrying { () throws(Errno) in try table.write(descriptor.rawValue, bytes.baseAddress, bytes.count) }
    }

    /// Writes all of `bytes`, continuing after short writes.
    package static func writeAll(_ descriptor: FileDescriptor, _ bytes: UnsafeRawBufferPointer) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            offset += try write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[offset...]))
        }
    }

    /// A new pipe, both ends with `flags` (`O_CLOEXEC`, `O_NONBLOCK`).
    package static func pipe(flags: CInt) throws(Errno) -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        let ends = try table.pipe(flags)
        return (FileDescriptor(rawValue: ends.readEnd), FileDescriptor(rawValue: ends.writeEnd))
    }

    /// `fcntl(descriptor, command, argument)`.
    @discardableResult
    package static func control(_ descriptor: FileDescriptor, _ command: CInt, _ argument: CInt) throws(Errno) -> CInt {
        try retrying { () throws(Errno) in try table.fcntl(descriptor.rawValue, command, argument) }
    }

    /// `ioctl(descriptor, request, argument)` with a pointer argument.
    @discardableResult
    package static func ioctl(_ descriptor: FileDescriptor, _ request: UInt, _ argument: UnsafeMutableRawPointer?) throws(Errno) -> CInt {
        try retrying { () throws(Errno) in try table.ioctl(descriptor.rawValue, request, argument) }
    }

    /// `ioctl(descriptor, request, value)` with an integer argument.
    @discardableResult
    package static func ioctl(_ descriptor: FileDescriptor, _ request: UInt, value: CInt) throws(Errno) -> CInt {
        try retrying { () throws(Errno) in try table.ioctl(descriptor.rawValue, request, value: value) }
    }

    /// Waits up to `timeout` ms (-1: no limit) until one of `descriptors` is ready; returns how
    /// many are (0 when the time ran out), their `revents` set.
    @discardableResult
    package static func poll(_ descriptors: inout [pollfd], timeout: CInt) throws(Errno) -> Int {
        let count = descriptors.count
        return Int(try retrying { () throws(Errno) in try table.poll(&descriptors, count, timeout) })
    }

    /// Flushes what was written to `descriptor` to the disk.
    package static func synchronize(_ descriptor: FileDescriptor) throws(Errno) {
        try retrying { () throws(Errno) in try table.fsync(descriptor.rawValue) }
    }

    /// Gives `descriptor`'s file `permissions`, whatever the umask.
    package static func setPermissions(_ descriptor: FileDescriptor, _ permissions: FilePermissions) throws(Errno) {
        try retrying { () throws(Errno) in try table.fchmod(descriptor.rawValue, permissions.rawValue) }
    }

    /// The status of `descriptor`'s file.
    package static func status(of descriptor: FileDescriptor) throws(Errno) -> stat {
        try retrying { () throws(Errno) in try table.fstat(descriptor.rawValue) }
    }
}

extension FileDescriptor {
    /// Writes all of `bytes`, continuing after short writes.
    package func writeEverything(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        try SystemCall.writeAll(self, bytes)
    }

    /// Closes the descriptor, ignoring errors (the descriptor is gone either way on Linux).
    package func closeQuietly() {
        _ = try? SystemCall.close(self)
    }
}
