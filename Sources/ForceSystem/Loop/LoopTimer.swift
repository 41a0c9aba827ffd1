/// A deadline on an `EventLoop`: its handler runs once the loop's monotonic clock (microseconds
/// of `CLOCK_MONOTONIC`, the clock of evdev timestamps) reaches it. A loop has any number of
/// timers (replay pacing, time-driven interaction progress, later parts of long haptic
/// patterns); they share one `timerfd`.
public final class LoopTimer {
    private unowned let loop: EventLoop
    private let handler: () -> Void

    /// When it fires (monotonic microseconds), nil when not scheduled.
    public private(set) var deadline: Int64?
    /// Whether the loop has it among its scheduled timers (managed by the loop).
    var isQueued = false
    /// The loop's timer round when it was last scheduled (managed by the loop).
    var round = 0

    init(loop: EventLoop, handler: @escaping () -> Void) {
        self.loop = loop
        self.handler = handler
    }

    /// Fires at monotonic time `time` (microseconds; at once when it has passed), replacing any
    /// earlier schedule.
    public func schedule(at time: Int64) {
        guard deadline != time || !isQueued else { return }
        deadline = time
        loop.timerChanged(self)
    }

    /// Fires `delay` from now.
    public func schedule(after delay: Duration) {
        let (seconds, attoseconds) = delay.components
        schedule(at: MonotonicClock.now() + seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
    }

    /// Unschedules it.
    public func cancel() {
        guard deadline != nil else { return }
        deadline = nil
        loop.timerChanged(self)
    }

    /// Whether it is scheduled.
    public var isScheduled: Bool { deadline != nil }

    /// Called by the loop, which has already unscheduled it.
    func expire() {
        deadline = nil
        handler()
    }
}
