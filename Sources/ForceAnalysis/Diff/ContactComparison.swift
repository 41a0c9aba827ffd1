import ForceCore
import ForcePlot

/// A contact of one session matched with one of the other (or with none): their lives side by
/// side, and how their force curves compare once aligned.
public struct ContactComparison: Hashable, Sendable {
    /// One side's contact.
    public struct Side: Hashable, Sendable {
        /// The touch's identifier in its session.
        public var identifier: Int
        /// What touched.
        public var tool: ToolType
        /// When it went down and lifted (nil: still down at the end), seconds since its session began.
        public var down: Double
        public var lift: Double?
        /// How it ended.
        public var ending: TouchTrace.Ending?
        /// Its highest force.
        public var peakForce: Double
        /// Its reports.
        public var reports: Int

        init(_ trace: TouchTrace) {
            identifier = trace.identifier
            tool = trace.tool
            down = trace.downTime
            lift = trace.liftTime
            ending = trace.ending
            peakForce = trace.peakForce
            reports = trace.samples.count
        }
    }

    /// The contact in session A, nil when only B has it.
    public var a: Side?
    /// The contact in session B, nil when only A has it.
    public var b: Side?
    /// The shift that best aligns B's force curve with A's (B lags by this many seconds), when
    /// both exist and pressed.
    public var timeShift: Double?
    /// Whether that shift is at the edge of the search (`DiffOptions.maximumShift` around the
    /// touch-downs' difference): the curves do not share a shape, and the shift means little.
    public var isShiftAtSearchLimit = false
    /// The largest force difference once aligned, and when (on A's clock).
    public var largestDifference: Double?
    public var largestDifferenceTime: Double?
    /// The largest force difference as recorded (no shift).
    public var largestDifferenceAsRecorded: Double?

    /// Whether both sessions have the contact.
    public var isMatched: Bool { a != nil && b != nil }

    /// B's touch-down minus A's, seconds.
    public var downShift: Double? {
        guard let a, let b else { return nil }
        return b.down - a.down
    }

    /// B's peak force minus A's.
    public var peakForceDifference: Double? {
        guard let a, let b else { return nil }
        return b.peakForce - a.peakForce
    }
}
