import ForceCore
import ForceDevices
import ForceSystem

/// Plays the interaction's peek and pop on a haptic player (a `HapticEngine` on a force-feedback
/// device), as 3D Touch iPhones do.
///
/// Made with an engine and the runtime's loop, it plays through a `HapticSequencer`: a pattern
/// longer than the kernel's 32.767 s limit plays every part on time, not only its first.
public final class HapticFeedbackSink: SessionSink {
    private let haptics: PreviewHaptics
    /// The sequencer playing on the engine, when the sink was made with one.
    public let sequencer: HapticSequencer?

    /// A sink playing on `player`; the peek and pop are prepared (uploaded) at once.
    public init(player: any HapticPlayer) {
        haptics = PreviewHaptics(player: player)
        sequencer = nil
    }

    /// A sink playing on `engine` through a sequencer timed by `loop` (the runtime's); the
    /// peek and pop are prepared (uploaded) at once.
    public init(engine: HapticEngine, loop: EventLoop) {
        let sequencer = HapticSequencer(engine: engine, loop: loop)
        haptics = PreviewHaptics(player: sequencer)
        self.sequencer = sequencer
    }

    public func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        guard case .feedback(let moment, _, _) = event else { return }
        haptics.previewInteraction(pipeline.interaction, didReach: moment)
    }
}
