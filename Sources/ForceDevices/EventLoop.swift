import CEvdev
import Glibc

/// Waits on many file descriptors at once with epoll and calls each one's handler when it is
/// readable. Nothing runs while nothing happens: no timers, no polling.
public final class EventLoop {
    private let epoll: Int32
    private var handlers: [Int32: () -> Void] = [:]
    private var stopped = false
    private var readyDescriptors = [Int32](repeating: 0, count: 64)
    private var readyEvents = [UInt32](repeating: 0, count: 64)

    /// Creates a loop.
    public init() throws(DeviceError) {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw .system(path: "epoll", operation: "epoll_create1", errno: errno) }
    }

    deinit { Glibc.close(epoll) }

    /// Calls `handler` whenever `descriptor` is readable (or hung up).
    public func watch(_ descriptor: Int32, _ handler: @escaping () -> Void) throws(DeviceError) {
        let events = UInt32(EPOLLIN.rawValue) | UInt32(EPOLLHUP.rawValue) | UInt32(EPOLLERR.rawValue)
        let operation = handlers[descriptor] == nil ? EPOLL_CTL_ADD : EPOLL_CTL_MOD
        guard fb_epoll_control(epoll, operation, descriptor, events) == 0 else {
            throw .system(path: "fd \(descriptor)", operation: "epoll_ctl", errno: errno)
        }
        handlers[descriptor] = handler
    }

    /// Stops watching `descriptor` (call before closing it).
    public func unwatch(_ descriptor: Int32) {
        guard handlers.removeValue(forKey: descriptor) != nil else { return }
        _ = fb_epoll_control(epoll, EPOLL_CTL_DEL, descriptor, 0)
    }

    /// Whether `descriptor` is watched.
    public func isWatching(_ descriptor: Int32) -> Bool { handlers[descriptor] != nil }

    /// Dispatches readiness until `stop()` is called or `deadline` (monotonic) passes.
    public func run(until deadline: ContinuousClock.Instant? = nil) throws(DeviceError) {
        stopped = false
        let clock = ContinuousClock()
        while !stopped {
            var timeout: Duration?
            if let deadline {
                timeout = clock.now.duration(to: deadline)
                if timeout! <= .zero { return }
            }
            try poll(timeout: timeout)
        }
    }

    /// Waits once, up to `timeout` (forever when nil), and dispatches what became readable.
    public func poll(timeout: Duration?) throws(DeviceError) {
        var milliseconds: Int32 = -1
        if let timeout {
            let (seconds, attoseconds) = max(timeout, .zero).components
            milliseconds = Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
        }
        let count = fb_epoll_wait(epoll, &readyDescriptors, &readyEvents, Int32(readyDescriptors.count), milliseconds)
        if count < 0 {
            if errno == EINTR { return }
            throw .system(path: "epoll", operation: "epoll_wait", errno: errno)
        }
        for index in 0..<Int(count) {
            // A handler may unwatch others; skip what is gone.
            handlers[readyDescriptors[index]]?()
            if stopped { break }
        }
    }

    /// Whether `stop()` was called since the last `run`.
    public var isStopped: Bool { stopped }

    /// Makes `run` return after the current handler.
    public func stop() { stopped = true }

    /// Clears a previous `stop()` before polling again.
    public func resume() { stopped = false }
}
