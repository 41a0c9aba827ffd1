import ForceCore

/// One touch's life in a session: when it went down, its force over time, and how it ended.
public struct TouchTrace: Hashable, Sendable {
    /// How a touch's life ended.
    public enum Ending: String, Hashable, Sendable {
        /// The contact lifted.
        case lifted
        /// The contact was cancelled (a gap in the event stream, device loss, end of input).
        case cancelled
        /// The firmware reported the contact as a palm, which cancels it.
        case palm
    }

    /// The touch's session-unique identifier (`Touch.identifier`).
    public var identifier: Int
    /// What touched.
    public var tool: ToolType
    /// Seconds since the session began at which the touch was first reported.
    public var downTime: Double
    /// Seconds since the session began at which the touch ended, nil while it is down.
    public var liftTime: Double?
    /// How the touch ended, nil while it is down.
    public var ending: Ending?
    /// The force at every frame that reported the touch, in time order. The last sample of an
    /// ended touch has force 0.
    public var samples: [ForceSample]

    /// Creates a trace.
    public init(identifier: Int, tool: ToolType, downTime: Double, liftTime: Double? = nil, ending: Ending? = nil, samples: [ForceSample] = []) {
        self.identifier = identifier
        self.tool = tool
        self.downTime = downTime
        self.liftTime = liftTime
        self.ending = ending
        self.samples = samples
    }

    /// The highest force the touch reached (0 without samples).
    public var peakForce: Double {
        samples.reduce(0) { max($0, $1.force) }
    }
}
