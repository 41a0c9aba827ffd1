import ForcePlot

/// How one preview interaction of a session went: which touch drove it, when it began, peeked
/// (preview ended), popped (commit ended) or was cancelled.
public struct InteractionOutcome: Hashable, Sendable {
    /// How it ended.
    public enum Result: String, Hashable, Sendable {
        /// It committed.
        case completed
        /// It was cancelled before the preview ended.
        case cancelledInPreview = "cancelled in preview"
        /// It was cancelled after the peek, before the commit ended.
        case cancelledInCommit = "cancelled in commit"
        /// It ended by performing one of its actions.
        case actionPerformed = "action performed"
        /// The session ended while it was under way.
        case unfinished
    }

    /// The touch that drove it.
    public var touchIdentifier: Int
    /// When it began (`shouldBegin`), seconds since the session began.
    public var began: Double
    /// When the preview ended (the peek), if it did.
    public var peek: Double?
    /// When the commit ended (the pop), if it did.
    public var pop: Double?
    /// When it was cancelled, if it was.
    public var cancel: Double?
    /// When one of its actions was performed, if one was.
    public var performed: Double?

    /// How it ended.
    public var result: Result {
        if pop != nil { return .completed }
        if performed != nil { return .actionPerformed }
        if cancel != nil { return peek == nil ? .cancelledInPreview : .cancelledInCommit }
        return .unfinished
    }

    /// The session's interactions in order: each preview phase begins one.
    public static func outcomes(of session: SessionTimeline) -> [InteractionOutcome] {
        var outcomes: [InteractionOutcome] = []
        for phase in session.phases {
            switch phase.phase {
            case .preview:
                outcomes.append(InteractionOutcome(touchIdentifier: phase.touchIdentifier, began: phase.start))
            case .commit:
                if !outcomes.isEmpty { outcomes[outcomes.count - 1].peek = phase.start }
            case .completed:
                if !outcomes.isEmpty { outcomes[outcomes.count - 1].pop = phase.start }
            case .cancelled:
                if !outcomes.isEmpty { outcomes[outcomes.count - 1].cancel = phase.start }
            case .performed:
                if !outcomes.isEmpty { outcomes[outcomes.count - 1].performed = phase.start }
            case .actions, .actionsHidden:
                break
            }
        }
        return outcomes
    }

    /// `completed (peek 1.150 s, pop 1.280 s)`.
    public var description: String {
        var moments = ["began \(DecimalText.seconds(began))"]
        if let peek { moments.append("peek \(DecimalText.seconds(peek))") }
        if let pop { moments.append("pop \(DecimalText.seconds(pop))") }
        if let cancel { moments.append("cancel \(DecimalText.seconds(cancel))") }
        if let performed { moments.append("action \(DecimalText.seconds(performed))") }
        return "\(result.rawValue) (touch \(touchIdentifier); \(moments.joined(separator: ", ")))"
    }
}
