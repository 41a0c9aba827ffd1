import Foundation

/// Paces a replay against the recording's own clock without drift: each frame is due at
/// `start + (frameTime - firstTime) / factor`, measured on the monotonic clock, so time spent
/// processing never accumulates into lag (unlike summing sleeps between events).
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
        guard case .factor(let factor) = speed else { return 0 }
        let now = clock.now
        guard let start else {
            self.start = now
            firstTime = time
            return 0
        }
        let offset = Double(time - firstTime) / factor
        let due = start.advanced(by: .microseconds(Int64(offset.rounded())))
        if due > now {
            Thread.sleep(forTimeInterval: Self.seconds(now.duration(to: due)))
            return 0
        }
        return Int64((Self.seconds(due.duration(to: now)) * 1_000_000).rounded())
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
