/// How often each part of a pressure axis's range was reported: the range split into equal bins.
public struct PressureHistogram: Hashable, Sendable {
    /// The axis range the bins cover.
    public var range: ClosedRange<Int32>
    /// The number of reports in each bin, lowest first.
    public var counts: [Int]

    /// Counts `values` in `binCount` (at least 1) equal bins over `range`; values outside it
    /// fall into the first or last bin.
    public init<Values: Sequence>(values: Values, range: ClosedRange<Int32>, binCount: Int) where Values.Element == Int32 {
        self.range = range
        counts = [Int](repeating: 0, count: max(1, binCount))
        for value in values { counts[bin(of: value)] += 1 }
    }

    /// The width of a bin in raw units.
    public var binWidth: Double {
        (Double(range.upperBound) - Double(range.lowerBound) + 1) / Double(counts.count)
    }

    /// The bin `value` falls into.
    public func bin(of value: Int32) -> Int {
        let position = (Double(value) - Double(range.lowerBound)) / binWidth
        guard position.isFinite else { return 0 }
        return min(counts.count - 1, max(0, Int(position.rounded(.down))))
    }

    /// The raw values bin `index` covers, from its lower bound up to (not including) its upper.
    public func bounds(ofBin index: Int) -> (lower: Double, upper: Double) {
        let lower = Double(range.lowerBound) + Double(index) * binWidth
        return (lower, lower + binWidth)
    }

    /// The number of values counted.
    public var total: Int { counts.reduce(0, +) }
}
