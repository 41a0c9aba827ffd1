import ForceCore

/// The title bar's quick actions: the delegate of the overlay's second interaction (`titleBar`,
/// the top twelfth of the device, in front of the cells), as a home-screen icon's shortcuts.
///
/// A firm press there shows up to four actions at the peek, chosen by sliding down and lifting:
/// show rated only (or show all again), clear all ratings, jump to a random emoji, scroll to
/// top. The set is asked for at each press, so it follows the overlay's state (the first one
/// toggles), as an app sets its shortcuts at run time.
public final class TitleBarShortcuts: PreviewInteractionDelegate {
    /// The overlay the shortcuts act on.
    public internal(set) weak var overlay: RatingOverlay?

    /// The shortcuts as they are now.
    public var actions: [PreviewAction] {
        let ratedOnly = overlay?.showsRatedOnly ?? false
        return [
            PreviewAction(identifier: "show-rated", title: ratedOnly ? "Show all" : "Show rated only", style: ratedOnly ? .selected : .default),
            PreviewAction(identifier: "clear-all", title: "Clear all ratings", style: .destructive),
            PreviewAction(identifier: "random-emoji", title: "Jump to a random emoji"),
            PreviewAction(identifier: "scroll-to-top", title: "Scroll to top"),
        ]
    }

    init() {}

    public func previewInteraction(_ previewInteraction: PreviewInteraction, shouldReceive touch: Touch) -> Bool {
        overlay?.phase == .idle
    }

    public func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool {
        guard let overlay, overlay.phase == .idle else { return false }
        overlay.beginShortcuts()
        return true
    }

    public func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdatePreviewTransition transitionProgress: Double, ended: Bool) {
        overlay?.updateShortcutsPreview(transitionProgress, ended: ended)
    }

    public func previewInteractionDidCancel(_ previewInteraction: PreviewInteraction) {
        overlay?.cancelShortcuts()
    }

    public func previewActions(for previewInteraction: PreviewInteraction) -> [PreviewAction] { actions }

    public func previewInteraction(_ previewInteraction: PreviewInteraction, didRevealActions actions: [PreviewAction]) {
        overlay?.showActions(actions, on: nil)
    }

    public func previewInteraction(_ previewInteraction: PreviewInteraction, didHighlightActionAt index: Int?) {
        overlay?.highlightAction(at: index)
    }

    public func previewInteraction(_ previewInteraction: PreviewInteraction, didPerform action: PreviewAction) {
        overlay?.perform(action, on: nil)
    }
}
