/// Paces a replay against the recording's own clock without drift: each frame is due at
/// `start + (frameTime - firstTime) / factor` on the monotonic clock (microseconds of
/// `CLOCK_MONOTONIC`, the clock an event loop's timers run on), so time spent processing never
/// accumulates into lag (unlike summing sleeps between events). It only computes; the caller
/// waits its own way (a timer on its event loop, which a signal can interrupt).
public struct ReplayClock: Sendable {
    /// The speed.
    public let speed: ReplaySpeed
    private var start: Int64?
    private var firstTime: Int64 = 0

    /// Creates a clock for `speed`.
    public init(speed: ReplaySpeed) { self.speed = speed }

    /// Whether the schedule has started.
    public var isStarted: Bool { start != nil }

    /// Whether events are due at once rather than at their recorded offsets: the replay runs in
    /// virtual time.
    public var runsInVirtualTime: Bool { speed == .maximum }

    /// The monotonic time (microseconds) at which an event recorded at `time` (microseconds) is
    /// due; nil at maximum speed, where every event is due at once. The first call starts the
    /// schedule: that event is due at `now`.
    public mutating func dueTime(of time: Int64, now: Int64) -> Int64? {
        guard case .factor = speed else { return nil }
        guard isStarted else {
            start(at: time, dueAt: now)
            return now
        }
        return scheduledTime(of: time)
    }

    /// The monotonic time (microseconds) at which an event recorded at `time` is due on the
    /// schedule under way; nil at maximum speed or before the schedule started. Unlike
    /// `dueTime(of:now:)`, it never starts the schedule.
    public func scheduledTime(of time: Int64) -> Int64? {
        guard case .factor(let factor) = speed, let start else { return nil }
        return start + Int64((Double(time - firstTime) / factor).rounded())
    }

    /// The recording's time (microseconds) that is due at monotonic `instant`: the inverse of
    /// `dueTime(of:now:)`; nil at maximum speed or before the schedule started.
    public func recordedTime(dueAt instant: Int64) -> Int64? {
        guard case .factor(let factor) = speed, let start else { return nil }
        return firstTime + Int64((Double(instant - start) * factor).rounded(.down))
    }

    /// Starts the schedule with an event recorded at `time` due at monotonic `instant` (a first
    /// frame whose actual moment is known from elsewhere, such as the kernel's timestamp of a
    /// written frame). Later events are due at their offsets from it.
    public mutating func start(at time: Int64, dueAt instant: Int64) {
        start = instant
        firstTime = time
    }
}
