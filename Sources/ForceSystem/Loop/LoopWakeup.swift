import CSystemShims
import SystemPackage

/// Wakes an `EventLoop` from another thread (`eventfd`): the loop watches `fileDescriptor`, any
/// thread calls `signal()`, and the loop's handler calls `acknowledge()`.
public final class LoopWakeup: Sendable {
    /// The descriptor to watch; readable after `signal()`.
    public let fileDescriptor: FileDescriptor

    /// Creates a wake-up that has not been signalled.
    public init() throws(SystemError) {
        do {
            fileDescriptor = try SystemCall.eventfd(flags: CInt(EFD_CLOEXEC | EFD_NONBLOCK))
        } catch {
            throw SystemError(path: "eventfd", operation: "eventfd", errno: error)
        }
    }

    deinit { fileDescriptor.closeQuietly() }

    /// Makes the descriptor readable (from any thread).
    public func signal() {
        var one: UInt64 = 1
        _ = withUnsafeBytes(of: &one) { try? SystemCall.write(fileDescriptor, $0) }
    }

    /// Clears the signal; returns how many `signal()`s it collected (0 when none).
    @discardableResult
    public func acknowledge() -> UInt64 {
        var count: UInt64 = 0
        let length = withUnsafeMutableBytes(of: &count) { (try? SystemCall.read(fileDescriptor, into: $0)) ?? 0 }
        return length == 8 ? count : 0
    }
}
