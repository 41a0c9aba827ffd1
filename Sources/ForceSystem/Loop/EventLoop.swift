import CSystemShims
import CSystemShims
import Glibc
import SystemPackage

/// The one event loop of a program: waits on every descriptor at once with epoll — devices,
/// standard input, a bus connection, a wake-up from another thread — and on any number of timers
/// and signals, all registered the same way, and calls each one's handler when it is ready.
/// Nothing runs while nothing happens: no polling, no sleeping.
///
/// Timers (`makeTimer`) share one `timerfd` on `CLOCK_MONOTONIC` (the clock evdev stamps events
/// with), armed for the earliest deadline, with the kernel's high-resolution timers rather than
/// the whole milliseconds of an epoll timeout. Signals (`handleSignals`) arrive through a
/// `signalfd`, so a handler runs between other handlers, never in the middle of one.
///
/// Use it from one thread. Another thread may wake it through a `LoopWakeup`.
public final class EventLoop {
    private let epoll: FileDescriptor
    private var handlers: [CInt: () -> Void] = [:]
    private var stopped = false
    private var readyDescriptors = [CInt](repeating: 0, count: 64)
    private var readyEvents = [UInt32](repeating: 0, count: 64)

    private let timerDescriptor: FileDescriptor
    /// Timers with a deadline, in no particular order (a program has a handful).
    private var scheduled: [LoopTimer] = []
    /// The deadline the timerfd is armed for (monotonic microseconds), nil when disarmed.
    private var armedDeadline: Int64?
    /// Counts the times due timers were fired: a timer scheduled while its round fires waits for
    /// the next turn of the loop, so a timer that keeps scheduling itself at once cannot hold the
    /// loop.
    private var timerRound = 0

    private var signalDescriptor: FileDescriptor?
    private var signalHandlers: [CInt: (CInt) -> Void] = [:]
    private var previousSignalMask = sigset_t()

    /// Creates a loop.
    public init() throws(SystemError) {
        do {
            epoll = try SystemCall.epollCreate(flags: CInt(EPOLL_CLOEXEC))
        } catch {
            throw SystemError(path: "epoll", operation: "epoll_create1", errno: error)
        }
        do {
            timerDescriptor = try SystemCall.timerfdCreate(clock: CLOCK_MONOTONIC, flags: CInt(TFD_NONBLOCK | TFD_CLOEXEC))
        } catch {
            epoll.closeQuietly()
            throw SystemError(path: "timerfd", operation: "timerfd_create", errno: error)
        }
        try watch(timerDescriptor) { [unowned self] in self.fireTimers() }
    }

    deinit {
        if let signalDescriptor {
            SystemCall.restoreSignals(Array(signalHandlers.keys), previousMask: previousSignalMask)
            signalDescriptor.closeQuietly()
        }
        timerDescriptor.closeQuietly()
        epoll.closeQuietly()
    }

    // MARK: - Descriptors

    /// Calls `handler` whenever `descriptor` is readable (or hung up, or in error), and also
    /// whenever it is writable when `writable` is set (a socket with output queued; watch again
    /// without it once the output is out, or the handler runs on every turn).
    public func watch(_ descriptor: FileDescriptor, writable: Bool = false, _ handler: @escaping () -> Void) throws(SystemError) {
        var events = UInt32(EPOLLIN.rawValue) | UInt32(EPOLLHUP.rawValue) | UInt32(EPOLLERR.rawValue)
        if writable { events |= UInt32(EPOLLOUT.rawValue) }
        let operation = handlers[descriptor.rawValue] == nil ? EPOLL_CTL_ADD : EPOLL_CTL_MOD
        do {
            try SystemCall.epollControl(epoll, operation, descriptor, events: events)
        } catch {
            throw SystemError(path: "fd \(descriptor.rawValue)", operation: "epoll_ctl", errno: error)
        }
        handlers[descriptor.rawValue] = handler
    }

    /// Stops watching `descriptor` (call before closing it).
    public func unwatch(_ descriptor: FileDescriptor) {
        guard handlers.removeValue(forKey: descriptor.rawValue) != nil else { return }
        _ = try? SystemCall.epollControl(epoll, EPOLL_CTL_DEL, descriptor, events: 0)
    }

    /// Whether `descriptor` is watched.
    public func isWatching(_ descriptor: FileDescriptor) -> Bool { handlers[descriptor.rawValue] != nil }

    // MARK: - Signals

    /// Calls `handler` with the signal's number when one of `signals` arrives (SIGINT, SIGTERM,
    /// ...). The signals are blocked for normal delivery from now on, in this thread and the
    /// threads it starts later (create the loop's signal handling before other threads), and
    /// unblocked again when the loop goes away.
    public func handleSignals(_ signals: [CInt], _ handler: @escaping (CInt) -> Void) throws(SystemError) {
        for number in signals { signalHandlers[number] = handler }
        let numbers = Array(signalHandlers.keys).sorted()
        var previous = sigset_t()
        let descriptor: FileDescriptor
        do {
            descriptor = try SystemCall.signalfd(signalDescriptor, signals: numbers, previousMask: &previous)
        } catch {
            throw SystemError(path: "signalfd", operation: "blocking signals", errno: error)
        }
        if signalDescriptor == nil {
            previousSignalMask = previous
            signalDescriptor = descriptor
            try watch(descriptor) { [unowned self] in self.dispatchSignals() }
        }
    }

    private func dispatchSignals() {
        guard let signalDescriptor else { return }
        while let number = try? SystemCall.readSignal(signalDescriptor), number > 0 {
            signalHandlers[number]?(number)
        }
    }

    // MARK: - Timers

    /// A timer on this loop that calls `handler` when its deadline passes. It starts
    /// unscheduled; a scheduled timer is kept by the loop until it fires or is cancelled.
    public func makeTimer(_ handler: @escaping () -> Void) -> LoopTimer {
        LoopTimer(loop: self, handler: handler)
    }

    func timerChanged(_ timer: LoopTimer) {
        if timer.deadline != nil {
            if !timer.isQueued {
                timer.isQueued = true
                scheduled.append(timer)
            }
            timer.round = timerRound
        } else if timer.isQueued {
            timer.isQueued = false
            scheduled.removeAll { $0 === timer }
        }
        armTimerDescriptor()
    }

    private func armTimerDescriptor() {
        var earliest: Int64?
        for timer in scheduled {
            if let deadline = timer.deadline, earliest == nil || deadline < earliest! { earliest = deadline }
        }
        guard earliest != armedDeadline else { return }
        armedDeadline = earliest
        // An absolute expiry in the past fires at once; 0 would disarm, so use 1 ns.
        _ = try? SystemCall.timerfdArm(timerDescriptor, nanoseconds: earliest.map { Swift.max($0 * 1000, 1) } ?? 0)
    }

    private func fireTimers() {
        var expirations: UInt64 = 0
        _ = withUnsafeMutableBytes(of: &expirations) { try? SystemCall.read(timerDescriptor, into: $0) }
        armedDeadline = nil
        let now = MonotonicClock.now()
        timerRound += 1
        // Due timers fire in deadline order, without allocating; each is unscheduled before its
        // handler runs, so the handler may schedule it again (for a later turn of the loop).
        while let index = earliestDueTimer(at: now) {
            let timer = scheduled.remove(at: index)
            timer.isQueued = false
            timer.expire()
        }
        armTimerDescriptor()
    }

    /// The index in `scheduled` of the earliest timer due at `now` that was scheduled before
    /// this round.
    private func earliestDueTimer(at now: Int64) -> Int? {
        var best: Int?
        for index in scheduled.indices {
            let timer = scheduled[index]
            guard let deadline = timer.deadline, deadline <= now, timer.round < timerRound else { continue }
            if best == nil || deadline < scheduled[best!].deadline! { best = index }
        }
        return best
    }

    // MARK: - Running

    /// Dispatches until `stop()` is called or the monotonic time `deadline` (microseconds)
    /// passes.
    public func run(until deadline: Int64? = nil) throws(SystemError) {
        stopped = false
        var timeUp = false
        let limit = deadline.map { _ in makeTimer { [unowned self] in timeUp = true; self.stop() } }
        if let deadline { limit?.schedule(at: deadline) }
        defer { limit?.cancel() }
        while !stopped && !timeUp {
            try runOnce(timeout: nil)
        }
    }

    /// Waits once, up to `timeout` (until something happens when nil), and dispatches what
    /// became ready.
    public func runOnce(timeout: Duration?) throws(SystemError) {
        var milliseconds: CInt = -1
        if let timeout {
            let (seconds, attoseconds) = Swift.max(timeout, .zero).components
            milliseconds = CInt(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
        }
        let count: Int
        do {
            count = try SystemCall.epollWait(epoll, descriptors: &readyDescriptors, events: &readyEvents, timeout: milliseconds)
        } catch {
            throw SystemError(path: "epoll", operation: "epoll_wait", errno: error)
        }
        for index in 0..<count {
            // A handler may unwatch others; skip what is gone.
            handlers[readyDescriptors[index]]?()
            if stopped { break }
        }
    }

    /// Whether `stop()` was called since the last `run`.
    public var isStopped: Bool { stopped }

    /// Makes `run` return after the current handler.
    public func stop() { stopped = true }

    /// Clears a previous `stop()` before running again.
    public func resume() { stopped = false }
}
