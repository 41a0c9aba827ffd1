/// How far one axis moved between consecutive updates of a contact: how many updates, the mean
/// and the largest absolute change, in device units.
public struct DeltaStatistics: Hashable, Sendable {
    /// The number of changes measured.
    public private(set) var count = 0
    /// The sum of their absolute values.
    public private(set) var total = 0.0
    /// The largest.
    public private(set) var maximum = 0.0

    /// Creates empty statistics.
    public init() {}

    /// The mean absolute change, 0 without changes.
    public var mean: Double { count > 0 ? total / Double(count) : 0 }

    /// Adds the change from `previous` to `value`.
    mutating func add(from previous: Int32, to value: Int32) {
        let change = (Double(value) - Double(previous)).magnitude
        count += 1
        total += change
        maximum = max(maximum, change)
    }
}
