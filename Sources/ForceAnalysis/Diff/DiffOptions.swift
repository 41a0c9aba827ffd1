/// Choices for `SessionDiff`.
public struct DiffOptions: Hashable, Sendable {
    /// The largest time shift searched between matched force curves, beyond the shift of the
    /// sessions' first contacts (default 0.25 s).
    public var maximumShift: Double
    /// The grid, in seconds, on which force curves are cross-correlated to find their shift
    /// (default 0.001; coarser for touches longer than 20 s, so that the grid keeps at most
    /// 20,000 points).
    public var step: Double
    /// Force curves whose largest difference after alignment stays within this many force
    /// units count as the same (default 0.01).
    public var forceTolerance: Double
    /// Moments (touch-downs, peeks, pops) within this many seconds count as the same (default 0.005).
    public var timeTolerance: Double

    /// Creates options.
    public init(maximumShift: Double = 0.25, step: Double = 0.001, forceTolerance: Double = 0.01, timeTolerance: Double = 0.005) {
        self.maximumShift = max(0, maximumShift)
        self.step = step > 0 ? step : 0.001
        self.forceTolerance = max(0, forceTolerance)
        self.timeTolerance = max(0, timeTolerance)
    }
}
