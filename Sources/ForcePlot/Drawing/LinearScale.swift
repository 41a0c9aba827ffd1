/// Maps values from a data domain onto a pixel range, linearly (either range may be reversed,
/// as a y axis is).
public struct LinearScale: Sendable {
    /// The data values at the ends.
    public var domain: ClosedRange<Double>
    /// The pixel positions of `domain.lowerBound` and `domain.upperBound`.
    public var range: (start: Double, end: Double)

    /// Creates a scale mapping `domain` onto `range`.
    public init(domain: ClosedRange<Double>, range: (start: Double, end: Double)) {
        self.domain = domain
        self.range = range
    }

    /// The pixel position of `value`.
    public func callAsFunction(_ value: Double) -> Double {
        let span = domain.upperBound - domain.lowerBound
        guard span > 0 else { return range.start }
        return range.start + (value - domain.lowerBound) / span * (range.end - range.start)
    }

    /// The pixel position of `value` clamped to the range's ends.
    public func clamped(_ value: Double) -> Double {
        self(min(max(value, domain.lowerBound), domain.upperBound))
    }
}
