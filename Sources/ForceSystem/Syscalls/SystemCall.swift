import Glibc
import SystemPackage

/// The one funnel through which ForceSystem and ForceDevices call the C library, its shims and
/// libevdev's I/O, in the manner of swift-system's syscall layer: each call is made through
/// `table`, made again when a signal interrupted it (`EINTR`), here and nowhere else, and fails
/// with a typed `Errno`.
///
/// In debug builds a test may put a substitute table in place for its task (`SystemCallSeam`),
/// to drive the code above through failures and answers the machine cannot give on demand.
package enum SystemCall {
    #if FORCEBRIDGE_SYSCALL_SEAM
    /// The table calls go through: the task's substitute, if a test set one, else the real one.
    @inlinable
    package static var table: any SystemCallTable { SystemCallSeam.substitute ?? LinuxSystemCalls() }
    #else
    /// The table calls go through: the real one.
    @inlinable
    package static var table: LinuxSystemCalls { LinuxSystemCalls() }
    #endif

    /// Runs `call` until a signal does not interrupt it; returns its result or throws its error.
    @inlinable
    package static func retrying<Result>(_ call: () throws(Errno) -> Result) throws(Errno) -> Result {
        while true {
            do {
                return try call()
            } catch where error == .interrupted {
                continue
            }
        }
    }

    /// The error of a call that returned `status`, a negative errno (libevdev's convention);
    /// nil when the call was interrupted by a signal and must be made again.
    @inlinable
    package static func failure(ofNegatedErrno status: Int32) -> Errno? {
        let code = Errno(rawValue: -status)
        return code == .interrupted ? nil : code
    }

    /// The error `body` throws, nil when it succeeds (for closures that cannot throw typed
    /// errors, such as `withUnsafeBytes`).
    @inlinable
    package static func failure(of body: () throws(Errno) -> Void) -> Errno? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    /// The C library's text for `code` ("Permission denied").
    package static func message(for code: Errno) -> String {
        guard let text = strerror(code.rawValue) else { return "error \(code.rawValue)" }
        return String(cString: text)
    }
}
