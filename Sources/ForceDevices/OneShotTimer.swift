import CEvdev
import Glibc

/// A one-shot timer on `CLOCK_MONOTONIC` that an `EventLoop` waits on like any other file
/// descriptor (`timerfd`). Its resolution is the kernel's high-resolution timers, not the whole
/// milliseconds of an epoll timeout, which is what paced output (replaying into uinput) needs;
/// and unlike a sleep, a signal watched on the same loop ends the wait at once.
public final class OneShotTimer {
    /// The descriptor to watch; readable once the timer has expired.
    public let fileDescriptor: Int32

    /// Creates a disarmed timer.
    public init() throws(DeviceError) {
        let descriptor = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard descriptor >= 0 else { throw .system(path: "timerfd", operation: "timerfd_create", errno: errno) }
        fileDescriptor = descriptor
    }

    deinit { Glibc.close(fileDescriptor) }

    /// Makes the descriptor readable after `delay` (at once when it is zero or negative),
    /// replacing any earlier schedule.
    public func schedule(after delay: Duration) {
        var setting = itimerspec()
        if delay > .zero {
            let (seconds, attoseconds) = delay.components
            setting.it_value.tv_sec = Int(seconds)
            setting.it_value.tv_nsec = Int(attoseconds / 1_000_000_000)
        }
        // An all-zero expiry disarms a timerfd; the earliest expiry is one nanosecond.
        if setting.it_value.tv_sec == 0 && setting.it_value.tv_nsec == 0 { setting.it_value.tv_nsec = 1 }
        _ = timerfd_settime(fileDescriptor, 0, &setting, nil)
    }

    /// Disarms the timer and clears an expiry that was not yet acknowledged.
    public func cancel() {
        var setting = itimerspec()
        _ = timerfd_settime(fileDescriptor, 0, &setting, nil)
        acknowledge()
    }

    /// Clears the expiry (call from the loop's handler); returns whether the timer had expired.
    @discardableResult
    public func acknowledge() -> Bool {
        var expirations: UInt64 = 0
        return read(fileDescriptor, &expirations, MemoryLayout<UInt64>.size) == MemoryLayout<UInt64>.size
    }
}
