import CEvdev
import Glibc

/// Turns SIGINT and SIGTERM (or other signals) into readable events on a file descriptor
/// (`signalfd`), so an `EventLoop` can stop cleanly: files are closed, effects erased, devices freed.
public final class SignalWatcher {
    /// The descriptor to watch.
    public let fileDescriptor: Int32

    /// Blocks `signals` for normal delivery and reports them through `fileDescriptor` instead.
    /// Create it before starting other threads so that they inherit the blocked mask.
    public init(signals: [Int32] = [SIGINT, SIGTERM]) throws(DeviceError) {
        var descriptor: Int32 = -1
        let status = signals.withUnsafeBufferPointer { buffer in
            fb_block_signals(buffer.baseAddress, Int32(buffer.count), &descriptor)
        }
        guard status == 0 else { throw .system(path: "signalfd", operation: "blocking signals", errno: errno) }
        fileDescriptor = descriptor
    }

    deinit { Glibc.close(fileDescriptor) }

    /// The pending signal's number, if any.
    public func nextSignal() -> Int32? {
        let signal = fb_read_signal(fileDescriptor)
        return signal > 0 ? signal : nil
    }
}
