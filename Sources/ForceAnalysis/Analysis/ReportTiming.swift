/// How regularly a device (or one slot) reported while in use: the rate at the median
/// interval, the jitter (standard deviation) of the regular intervals, and the gaps — intervals
/// longer than `gapFactor` times the median, left out of the jitter.
///
/// Only intervals that begin while something is touching or in proximity count: a device
/// that sends nothing while idle has no gap between two touches.
public struct ReportTiming: Hashable, Sendable {
    /// The statistics of the regular intervals (gaps left out).
    public var intervals: IntervalStatistics
    /// The gaps, in time order.
    public var gaps: [ReportGap]
    /// An interval longer than this many medians is a gap.
    public var gapFactor: Double

    /// The timing of `intervals`, each a start (seconds since the first event) and a length.
    public init(intervals: [(start: Double, length: Double)], gapFactor: Double) {
        self.gapFactor = gapFactor
        let median = IntervalStatistics(intervals.map(\.length)).median
        let limit = median * gapFactor
        let isGap = { (length: Double) in median > 0 && length > limit }
        gaps = intervals.filter { isGap($0.length) }.map { ReportGap(start: $0.start, length: $0.length) }
        self.intervals = IntervalStatistics(intervals.lazy.map(\.length).filter { !isGap($0) })
    }

    /// Reports per second at the median interval (0 when there is no interval).
    public var rate: Double { intervals.rate }

    /// The jitter: the standard deviation of the regular intervals, in seconds.
    public var jitter: Double { intervals.standardDeviation }
}
