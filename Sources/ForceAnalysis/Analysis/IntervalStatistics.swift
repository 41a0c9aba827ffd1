/// The spread of a set of durations (seconds): how many, their mean and median, their standard
/// deviation (the jitter of a report rate), and the shortest and longest.
public struct IntervalStatistics: Hashable, Sendable {
    /// The number of intervals.
    public var count: Int
    /// The mean, 0 without intervals.
    public var mean: Double
    /// The median, 0 without intervals.
    public var median: Double
    /// The population standard deviation, 0 with fewer than two intervals.
    public var standardDeviation: Double
    /// The shortest, 0 without intervals.
    public var minimum: Double
    /// The longest, 0 without intervals.
    public var maximum: Double

    /// The statistics of `intervals`.
    public init<Intervals: Collection>(_ intervals: Intervals) where Intervals.Element == Double {
        count = intervals.count
        guard count > 0 else {
            (mean, median, standardDeviation, minimum, maximum) = (0, 0, 0, 0, 0)
            return
        }
        let sorted = intervals.sorted()
        let average = sorted.reduce(0, +) / Double(count)
        mean = average
        median = count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2
        let squares = sorted.reduce(0) { $0 + ($1 - average) * ($1 - average) }
        standardDeviation = (squares / Double(count)).squareRoot()
        minimum = sorted[0]
        maximum = sorted[count - 1]
    }

    /// Reports per second at the median interval, 0 without intervals.
    public var rate: Double { median > 0 ? 1 / median : 0 }
}
