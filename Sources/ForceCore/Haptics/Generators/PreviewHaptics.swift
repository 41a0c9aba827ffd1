/// The haptics of a preview interaction, as on 3D Touch iPhones: a light "peek" when the preview
/// transition ends and a stronger "pop" at commit, played by impact generators, and a selection
/// tick each time the touch moves onto another of the revealed actions.
///
/// Set it as an interaction's `feedback` (which is weak: keep this object alive for the session).
/// The peek and pop are prepared up front so each costs one write. The tick is not: most
/// sessions never show actions, and a phone's motor has few effect slots; the first tick
/// uploads it, or call `selection.prepare()` when the delegate starts supplying actions.
public final class PreviewHaptics: PreviewFeedback {
    /// Plays the peek.
    public let peek: ImpactFeedbackGenerator
    /// Plays the pop.
    public let pop: ImpactFeedbackGenerator
    /// Plays the ticks while an action is chosen (coalesced as the generator does); not prepared.
    public let selection: SelectionFeedbackGenerator

    /// Creates the haptics on `player`: `.light` for the peek and `.heavy` for the pop unless told otherwise.
    public init(player: (any HapticPlayer)?, peekStyle: ImpactFeedbackStyle = .light, popStyle: ImpactFeedbackStyle = .heavy) {
        peek = ImpactFeedbackGenerator(style: peekStyle, player: player)
        pop = ImpactFeedbackGenerator(style: popStyle, player: player)
        selection = SelectionFeedbackGenerator(player: player)
        peek.prepare()
        pop.prepare()
    }

    public func previewInteraction(_ interaction: PreviewInteraction, didReach moment: PreviewFeedbackMoment) {
        switch moment {
        case .peek: peek.impactOccurred()
        case .pop: pop.impactOccurred()
        case .selection: selection.selectionChanged()
        }
    }
}
