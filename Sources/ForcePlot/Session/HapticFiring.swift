import ForceCore

/// A moment the interaction asked for haptic feedback ("peek" at preview end, "pop" at commit).
public struct HapticFiring: Hashable, Sendable {
    /// Which feedback.
    public var moment: PreviewFeedbackMoment
    /// Seconds since the session began.
    public var time: Double
    /// The touch that drove the interaction.
    public var touchIdentifier: Int
    /// The driving touch's force when the feedback fired.
    public var force: Double
}
