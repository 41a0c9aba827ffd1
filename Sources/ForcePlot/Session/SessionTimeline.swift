import ForceCore

/// Everything a force plot shows about a session: the device, each touch's force over time,
/// the interaction's phases, and the haptic feedback it fired. Times are seconds since the
/// session's first event.
///
/// A `SessionRecorder` builds one from a pipeline; tests and tools may also build one directly.
public struct SessionTimeline: Hashable, Sendable {
    /// The device the session came from.
    public var device: SessionDevice
    /// The interaction thresholds in use (scaled by the sensitivity, fitted to the device); nil
    /// when force is not measured (force source duration: interactions follow held time).
    public var thresholds: PreviewThresholds?
    /// Seconds from the first to the last event.
    public var duration: Double
    /// The touches in the order they went down.
    public var touches: [TouchTrace]
    /// The interactions' phases in time order.
    public var phases: [PhaseInterval]
    /// Haptic feedback in time order.
    public var haptics: [HapticFiring]

    /// Creates a session.
    public init(
        device: SessionDevice, thresholds: PreviewThresholds?, duration: Double,
        touches: [TouchTrace] = [], phases: [PhaseInterval] = [], haptics: [HapticFiring] = []
    ) {
        self.device = device
        self.thresholds = thresholds
        self.duration = duration
        self.touches = touches
        self.phases = phases
        self.haptics = haptics
    }

    /// The touch with `identifier`, if the session has it.
    public func touch(_ identifier: Int) -> TouchTrace? {
        touches.first { $0.identifier == identifier }
    }

    /// The highest force any touch reached.
    public var peakForce: Double {
        touches.reduce(0) { max($0, $1.peakForce) }
    }
}
