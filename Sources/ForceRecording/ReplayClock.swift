import Foundation

/// Paces a replay against the recording's own clock without drift: each frame is due at
/// `start + (frameTime - firstTime) / factor`, measured on the monotonic clock, so time spent
/// processing never accumulates into lag (unlike summing sleeps between events).
///
/// `wait(until:)` sleeps; `delay(until:)` only says how long to wait, for callers that wait
/// their own way (on an event loop that a signal can interrupt).
public struct ReplayClock {
    /// The speed.
    public let speed: ReplaySpeed
    private var start: ContinuousClock.Instant?
    private var firstTime: Int64 = 0
    private let clock = ContinuousClock()

    /// Creates a clock for `speed`.
    public init(speed: ReplaySpeed) { self.speed = speed }

    /// Waits until an event recorded at `time` (microseconds) is due. Returns how late it is, in
    /// microseconds (0 when on time); returns at once at maximum speed.
    @discardableResult
    public mutating func wait(until time: Int64) -> Int64 {
        let delay = delay(until: time)
        if delay > .zero {
            Thread.sleep(forTimeInterval: Self.seconds(delay))
            return 0
        }
        return Int64((-Self.seconds(delay) * 1_000_000).rounded())
    }

    /// How long from now until an event recorded at `time` (microseconds) is due: positive when
    /// it is early, zero or negative (how late it is) otherwise. The first call starts the clock
    /// and returns zero; at maximum speed every event is due at once (zero).
    public mutating func delay(until time: Int64) -> Duration {
        guard case .factor(let factor) = speed else { return .zero }
        let now = clock.now
        guard let start else {
            self.start = now
            firstTime = time
            return .zero
        }
        let offset = Double(time - firstTime) / factor
        let due = start.advanced(by: .microseconds(Int64(offset.rounded())))
        return now.duration(to: due)
    }

    /// Starts the clock with an event recorded at `time` due at `instant` (a first frame whose
    /// actual moment is known from elsewhere, such as the kernel's timestamp of a written frame).
    /// Later events are due at their offsets from it.
    public mutating func start(at time: Int64, dueAt instant: ContinuousClock.Instant) {
        start = instant
        firstTime = time
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
