import CSystemShims
import Glibc
import SystemPackage

// The real calls on descriptors and paths: the default implementations of `SystemCallTable`.
extension SystemCallTable {
    package func open(_ path: String, _ flags: CInt, _ mode: mode_t) throws(Errno) -> CInt {
        try checked(Glibc.open(path, flags, mode))
    }

    package func close(_ descriptor: CInt) throws(Errno) {
        try succeeded(Glibc.close(descriptor))
    }

    package func read(_ descriptor: CInt, _ buffer: UnsafeMutableRawPointer?, _ count: Int) throws(Errno) -> Int {
        try checked(Glibc.read(descriptor, buffer, count))
    }

    package func write(_ descriptor: CInt, _ buffer: UnsafeRawPointer?, _ count: Int) throws(Errno) -> Int {
        try checked(Glibc.write(descriptor, buffer, count))
    }

    package func pipe(_ flags: CInt) throws(Errno) -> (readEnd: CInt, writeEnd: CInt) {
        var ends: [CInt] = [-1, -1]
        try succeeded(Glibc.pipe(&ends))
        for end in ends {
            if flags & O_CLOEXEC != 0 { _ = Glibc.fcntl(end, F_SETFD, FD_CLOEXEC) }
            if flags & O_NONBLOCK != 0 { _ = Glibc.fcntl(end, F_SETFL, O_NONBLOCK) }
        }
        return (ends[0], ends[1])
    }

    package func fcntl(_ descriptor: CInt, _ command: CInt, _ argument: CInt) throws(Errno) -> CInt {
        try checked(Glibc.fcntl(descriptor, command, argument))
    }

    package func ioctl(_ descriptor: CInt, _ request: UInt, _ argument: UnsafeMutableRawPointer?) throws(Errno) -> CInt {
        try checked(fb_ioctl_pointer(descriptor, request, argument))
    }

    package func ioctl(_ descriptor: CInt, _ request: UInt, value: CInt) throws(Errno) -> CInt {
        try checked(fb_ioctl_int(descriptor, request, value))
    }

    package func poll(_ descriptors: UnsafeMutablePointer<pollfd>?, _ count: Int, _ timeout: CInt) throws(Errno) -> CInt {
        try checked(Glibc.poll(descriptors, nfds_t(count), timeout))
    }

    package func fsync(_ descriptor: CInt) throws(Errno) {
        try succeeded(Glibc.fsync(descriptor))
    }

    package func fchmod(_ descriptor: CInt, _ mode: mode_t) throws(Errno) {
        try succeeded(Glibc.fchmod(descriptor, mode))
    }

    package func fstat(_ descriptor: CInt) throws(Errno) -> stat {
        var status = FileStatus()
        try succeeded(Glibc.fstat(descriptor, &status))
        return status
    }

    package func stat(_ path: String) throws(Errno) -> stat {
        var status = FileStatus()
        try succeeded(statusOfPath(path, &status))
        return status
    }

    package func lstat(_ path: String) throws(Errno) -> stat {
        var status = FileStatus()
        try succeeded(Glibc.lstat(path, &status))
        return status
    }

    package func access(_ path: String, _ mode: CInt) throws(Errno) {
        try succeeded(Glibc.access(path, mode))
    }

    package func unlink(_ path: String) throws(Errno) {
        try succeeded(Glibc.unlink(path))
    }

    package func rename(_ path: String, _ newPath: String) throws(Errno) {
        try succeeded(Glibc.rename(path, newPath))
    }

    package func mkdir(_ path: String, _ mode: mode_t) throws(Errno) {
        try succeeded(Glibc.mkdir(path, mode))
    }

    package func rmdir(_ path: String) throws(Errno) {
        try succeeded(Glibc.rmdir(path))
    }

    package func readlink(_ path: String) throws(Errno) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = try checked(Glibc.readlink(path, &buffer, buffer.count - 1))
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    package func workingDirectory() throws(Errno) -> String {
        guard let pointer = getcwd(nil, 0) else { throw Errno(rawValue: Glibc.errno) }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    package func makeTemporaryDirectory(_ template: String) throws(Errno) -> String {
        var bytes = Array(template.utf8CString)
        guard let created = bytes.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw Errno(rawValue: Glibc.errno)
        }
        return String(cString: created)
    }

    package func directoryEntries(_ path: String) throws(Errno) -> [String] {
        guard let directory = opendir(path) else { throw Errno(rawValue: Glibc.errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

/// `struct stat` (the name alone means the function inside the table's methods).
private typealias FileStatus = stat

/// `stat(2)` (the name alone means the structure inside the table's methods).
private func statusOfPath(_ path: String, _ status: inout FileStatus) -> CInt {
    stat(path, &status)
}
