import ForceCore

/// The overlay's own haptics, besides the interaction's peek, pop and action ticks (which the
/// session's haptics sink plays): EmojiRater's heavy impact when the grid scrolls to the top
/// (`scrollViewDidScrollToTop`), and a selection tick each time the thumb under the touch
/// changes during the commit. Nothing is uploaded up front (a phone's motor has few effect
/// slots); each generator uploads its effect at its first use.
public final class OverlayHaptics {
    /// Plays when the grid reaches the top (uploaded by its first use, or call `prepare()`).
    public let scrollToTop: ImpactFeedbackGenerator
    /// Ticks when the thumb under the touch changes (coalesced as the generator does).
    public let thumbSelection: SelectionFeedbackGenerator

    /// The haptics on `player`.
    public convenience init(player: (any HapticPlayer)?) {
        self.init(impactPlayer: player, selectionPlayer: player)
    }

    /// The same haptics, the impact on `impactPlayer` and the ticks on `selectionPlayer` (a
    /// page tells them apart by their players).
    public init(impactPlayer: (any HapticPlayer)?, selectionPlayer: (any HapticPlayer)?) {
        scrollToTop = ImpactFeedbackGenerator(style: .heavy, player: impactPlayer)
        thumbSelection = SelectionFeedbackGenerator(player: selectionPlayer)
    }
}
