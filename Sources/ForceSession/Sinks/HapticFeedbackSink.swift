import ForceCore

/// Plays the interaction's peek and pop on a haptic player (a `HapticEngine` on a force-feedback
/// device), as 3D Touch iPhones do.
public final class HapticFeedbackSink: SessionSink {
    private let haptics: PreviewHaptics

    /// A sink playing on `player`; the peek and pop are prepared (uploaded) at once.
    public init(player: any HapticPlayer) {
        haptics = PreviewHaptics(player: player)
    }

    public func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        guard case .feedback(let moment, _, _) = event else { return }
        haptics.previewInteraction(pipeline.interaction, didReach: moment)
    }
}
