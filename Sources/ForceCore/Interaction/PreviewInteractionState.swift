extension PreviewInteraction {
    /// Where the interaction is.
    public enum State: String, Hashable, Sendable {
        /// No touch drives it.
        case idle
        /// A touch drives it, not yet hard enough to begin (or the delegate declined).
        case possible
        /// The preview transition is under way.
        case preview
        /// The preview ended; the commit transition is under way.
        case commit
        /// The preview ended and its actions are shown; the commit is off for the rest of the
        /// interaction.
        case actions
        /// The actions were shown and hidden again; sliding reveals them again, lifting cancels,
        /// and the commit stays off.
        case actionsHidden
        /// The commit ended (waiting for the touch to lift), or an action is being performed.
        case completed
        /// Cancelled; waiting for the touch to lift.
        case cancelled
    }
}

extension PreviewInteraction {
    /// Whether an interaction is under way (between `shouldBegin` and its terminal call).
    public var isActive: Bool {
        switch state {
        case .preview, .commit, .actions, .actionsHidden: return true
        case .idle, .possible, .completed, .cancelled: return false
        }
    }
}
