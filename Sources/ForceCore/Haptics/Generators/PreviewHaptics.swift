/// The haptics of a preview interaction, as on 3D Touch iPhones: a light "peek" when the preview
/// transition ends and a stronger "pop" at commit, played by impact generators, and a selection
/// tick each time the touch moves onto another of the revealed actions.
///
/// Set it as an interaction's `feedback` (which is weak: keep this object alive for the session).
/// Every effect is prepared up front so each moment costs one write.
public final class PreviewHaptics: PreviewFeedback {
    /// Plays the peek.
    public let peek: ImpactFeedbackGenerator
    /// Plays the pop.
    public let pop: ImpactFeedbackGenerator
    /// Plays the ticks while an action is chosen (coalesced as the generator does).
    public let selection: SelectionFeedbackGenerator

    /// Creates the haptics on `player`: `.light` for the peek and `.heavy` for the pop unless told otherwise.
    public init(player: (any HapticPlayer)?, peekStyle: ImpactFeedbackStyle = .light, popStyle: ImpactFeedbackStyle = .heavy) {
        peek = ImpactFeedbackGenerator(style: peekStyle, player: player)
        pop = ImpactFeedbackGenerator(style: popStyle, player: player)
        selection = SelectionFeedbackGenerator(player: player)
        peek.prepare()
        pop.prepare()
        selection.prepare()
    }

    public func previewInteraction(_ interaction: PreviewInteraction, didReach moment: PreviewFeedbackMoment) {
        switch moment {
        case .peek: peek.impactOccurred()
        case .pop: pop.impactOccurred()
        case .selection: selection.selectionChanged()
        }
    }
}
