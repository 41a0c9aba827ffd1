import ForceCore

/// One contact as the pipeline saw it: when and where it lived, how it ended, how often it was
/// reported, and its raw pressure's spread.
public struct ContactAnalysis: Hashable, Sendable {
    /// How a contact ended.
    public enum Ending: String, Hashable, Sendable {
        /// It lifted.
        case lifted
        /// It was cancelled (a gap in the events, a resync).
        case cancelled
        /// The firmware called it a palm.
        case palm
        /// The recording ended while it was down.
        case endOfRecording = "end of recording"
    }

    /// The touch's identifier (`Touch.identifier`).
    public var identifier: Int
    /// The slot it was reported in.
    public var slot: Int
    /// What touched.
    public var tool: ToolType
    /// When it began, in seconds since the first event.
    public var start: Double
    /// When it ended, in seconds since the first event.
    public var end: Double
    /// How it ended.
    public var ending: Ending
    /// Frames that reported it.
    public var frames: Int
    /// The highest force it reached.
    public var peakForce: Double
    /// The highest raw pressure (or contact size) it reported.
    public var peakRawPressure: Int32
    /// Its raw pressures over the axis range; nil when the device measures no force.
    public var histogram: PressureHistogram?

    /// How long it lasted, in seconds.
    public var duration: Double { end - start }
}
