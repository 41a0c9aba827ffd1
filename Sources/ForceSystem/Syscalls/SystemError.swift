import SystemPackage

/// A system call of the system layer that failed: on what (a path, or the kind of descriptor:
/// `epoll`, `signalfd`), what was being done, and the kernel's error. What to do about it is for
/// the program showing the error to say.
public struct SystemError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What the call was made on: a path, or the kind of descriptor (`epoll`, `fd 7`).
    public let path: String
    /// What was being done (`epoll_wait`, `starting the program`).
    public let operation: String
    /// The kernel's error.
    public let errno: Errno

    /// The failure of `operation` on `path` with `errno`.
    public init(path: String, operation: String, errno: Errno) {
        self.path = path
        self.operation = operation
        self.errno = errno
    }

    /// `PATH: OPERATION failed: Permission denied`.
    public var description: String { "\(path): \(operation) failed: \(SystemCall.message(for: errno))" }

    /// The C library's text for `code` ("Permission denied").
    public static func message(for code: Errno) -> String {
        SystemCall.message(for: code)
    }
}
