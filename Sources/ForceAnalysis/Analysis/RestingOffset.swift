/// The resting pressure the force model used: configured (the axis minimum unless a profile
/// says otherwise) or learned from a worn pen's pressure at proximity-in.
public struct RestingOffset: Hashable, Sendable {
    /// Whether the model learns the offset (pens).
    public var isLearned: Bool
    /// The configured offset, raw units.
    public var configured: Double
    /// The offset in use at the end of the recording, raw units.
    public var final: Double
    /// The pressure axis's range, nil without one.
    public var range: ClosedRange<Double>?

    /// Creates a description of an offset.
    public init(isLearned: Bool, configured: Double, final: Double, range: ClosedRange<Double>?) {
        self.isLearned = isLearned
        self.configured = configured
        self.final = final
        self.range = range
    }

    /// The final offset's place in the range, 0...1 (0 without a range).
    public var fraction: Double {
        guard let range, range.upperBound > range.lowerBound else { return 0 }
        return (final - range.lowerBound) / (range.upperBound - range.lowerBound)
    }

    /// Whether learning moved the offset away from the configured one.
    public var changed: Bool { final != configured }
}
