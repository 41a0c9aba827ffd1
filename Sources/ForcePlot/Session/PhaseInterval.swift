/// One phase of one interaction, from `start` to `end` seconds since the session began.
public struct PhaseInterval: Hashable, Sendable {
    /// Which phase.
    public var phase: InteractionPhase
    /// The touch that drove the interaction.
    public var touchIdentifier: Int
    /// When the phase began.
    public var start: Double
    /// When the phase ended; equal to `start` for a cancel at lift.
    public var end: Double

    /// Creates an interval.
    public init(phase: InteractionPhase, touchIdentifier: Int, start: Double, end: Double) {
        self.phase = phase
        self.touchIdentifier = touchIdentifier
        self.start = start
        self.end = end
    }

    /// The length in seconds.
    public var duration: Double { end - start }
}
