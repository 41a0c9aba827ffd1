/// A stretch of a preview interaction's life, as a plot shades it.
public enum InteractionPhase: String, Hashable, Sendable, CaseIterable {
    /// From `shouldBegin` to the end of the preview transition ("peek").
    case preview
    /// From the peek to the end of the commit transition ("pop").
    case commit
    /// From the pop until the driving touch lifts.
    case completed
    /// From the cancel until the driving touch lifts (often the same moment).
    case cancelled
    /// From the moment the peek's actions (or quick actions) were revealed until they hide, one
    /// is performed or the interaction is cancelled.
    case actions
    /// From the moment revealed actions hid again (the commit is off) until they are revealed
    /// again or the interaction is cancelled.
    case actionsHidden = "actions-hidden"
    /// From the moment an action was performed until the driving touch lifts (the same moment).
    case performed

    /// The name used in legends.
    public var label: String {
        switch self {
        case .actionsHidden: return "actions hidden"
        case .preview, .commit, .completed, .cancelled, .actions, .performed: return rawValue
        }
    }
}
