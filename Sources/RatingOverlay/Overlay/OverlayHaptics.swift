import ForceCore

/// The overlay's own haptics, besides the interaction's peek, pop and action ticks (which the
/// session's haptics sink plays): EmojiRater's heavy impact when the grid scrolls to the top
/// (`scrollViewDidScrollToTop`), and a selection tick each time the thumb under the touch
/// changes during the commit.
public final class OverlayHaptics {
    /// Plays when the grid reaches the top (prepared).
    public let scrollToTop: ImpactFeedbackGenerator
    /// Ticks when the thumb under the touch changes (coalesced as the generator does).
    public let thumbSelection: SelectionFeedbackGenerator

    /// The haptics on `player`.
    public init(player: (any HapticPlayer)?) {
        scrollToTop = ImpactFeedbackGenerator(style: .heavy, player: player)
        thumbSelection = SelectionFeedbackGenerator(player: player)
        scrollToTop.prepare()
    }
}
