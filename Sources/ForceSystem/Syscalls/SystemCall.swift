import Glibc
import SystemPackage

/// The one place where calls into the C library are checked and retried.
///
/// C calls report failure in one of two ways: -1 with `errno` set (the C library), or a negative
/// errno as the result (libevdev). Either way, a call interrupted by a signal (`EINTR`) is made
/// again, here and nowhere else, and any other failure becomes an `Errno`.
package enum SystemCall {
    /// Runs `call`, which returns -1 and sets `errno` on failure, until a signal does not
    /// interrupt it; returns its result or throws its `errno`.
    @discardableResult
    @inline(__always)
    package static func run<Result: FixedWidthInteger>(_ call: () -> Result) throws(Errno) -> Result {
        while true {
            let result = call()
            if result != -1 { return result }
            let code = Errno(rawValue: errno)
            if code != .interrupted { throw code }
        }
    }

    /// Runs `call`, which returns a negative errno on failure (libevdev's convention), until a
    /// signal does not interrupt it; returns its result (0 or more) or throws the errno.
    @discardableResult
    @inline(__always)
    package static func runNegatingErrno(_ call: () -> Int32) throws(Errno) -> Int32 {
        while true {
            let result = call()
            if result >= 0 { return result }
            let code = Errno(rawValue: -result)
            if code != .interrupted { throw code }
        }
    }

    /// The error of a call that returned `status`, a negative errno (libevdev's convention);
    /// nil when the call was interrupted by a signal and must be made again.
    @inline(__always)
    package static func failure(ofNegatedErrno status: Int32) -> Errno? {
        let code = Errno(rawValue: -status)
        return code == .interrupted ? nil : code
    }

    /// The C library's text for `code` ("Permission denied").
    package static func message(for code: Errno) -> String {
        guard let text = strerror(code.rawValue) else { return "error \(code.rawValue)" }
        return String(cString: text)
    }
}

extension SystemCall {
    /// Runs a swift-system call (which retries interrupted calls itself and throws only
    /// `Errno`) with its error typed.
    @inline(__always)
    package static func system<Result>(_ call: () throws -> Result) throws(Errno) -> Result {
        do {
            return try call()
        } catch let error as Errno {
            throw error
        } catch {
            throw .ioError
        }
    }
}

extension SystemCall {
    /// The error `body` throws, nil when it succeeds (for closures that cannot throw typed
    /// errors, such as `withUnsafeBytes`).
    @inline(__always)
    package static func failure(of body: () throws(Errno) -> Void) -> Errno? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }
}

extension FileDescriptor {
    /// Writes all of `bytes`, continuing after short writes.
    package func writeEverything(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            offset += try SystemCall.system { try write(UnsafeRawBufferPointer(rebasing: bytes[offset...])) }
        }
    }

    /// Closes the descriptor, ignoring errors (the descriptor is gone either way on Linux).
    package func closeQuietly() {
        _ = try? close()
    }
}
