/// The haptics of a preview interaction, as on 3D Touch iPhones: a light "peek" when the preview
/// transition ends and a stronger "pop" at commit, played by impact generators.
///
/// Set it as an interaction's `feedback` (which is weak: keep this object alive for the session).
/// Both effects are prepared up front so each moment costs one write.
public final class PreviewHaptics: PreviewFeedback {
    /// Plays the peek.
    public let peek: ImpactFeedbackGenerator
    /// Plays the pop.
    public let pop: ImpactFeedbackGenerator

    /// Creates the haptics on `player`: `.light` for the peek and `.heavy` for the pop unless told otherwise.
    public init(player: (any HapticPlayer)?, peekStyle: ImpactFeedbackStyle = .light, popStyle: ImpactFeedbackStyle = .heavy) {
        peek = ImpactFeedbackGenerator(style: peekStyle, player: player)
        pop = ImpactFeedbackGenerator(style: popStyle, player: player)
        peek.prepare()
        pop.prepare()
    }

    public func previewInteraction(_ interaction: PreviewInteraction, didReach moment: PreviewFeedbackMoment) {
        switch moment {
        case .peek: peek.impactOccurred()
        case .pop: pop.impactOccurred()
        }
    }
}
