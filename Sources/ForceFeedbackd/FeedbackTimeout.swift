/// How long the feedback of a `TriggerFeedback` call runs (its `timeout` argument).
public enum FeedbackTimeout: Hashable, Sendable {
    /// Each feedback plays once (`-1`; feedbackd treats anything below -1 the same).
    case once
    /// The feedbacks repeat until the caller ends them with `EndFeedback` (`0`).
    case endless
    /// The feedbacks repeat and end at the latest after this many seconds (`N > 0`).
    case seconds(Int32)

    /// The meaning of the D-Bus argument.
    public init(_ timeout: Int32) {
        switch timeout {
        case ..<0: self = .once
        case 0: self = .endless
        default: self = .seconds(timeout)
        }
    }

    /// Whether the feedbacks start again when they end.
    public var repeats: Bool { self != .once }

    /// When the feedback must have ended, in seconds from its start, if there is such a time.
    public var limit: Double? {
        if case .seconds(let seconds) = self { return Double(seconds) }
        return nil
    }
}

/// Why the feedback of an event ended (the `reason` of the `FeedbackEnded` signal).
public enum FeedbackEndReason: Hashable, Sendable {
    /// The theme has no feedback for the event at the current level (sent as -1, i.e. 0xFFFFFFFF).
    case notFound
    /// Every feedback played its natural length.
    case natural
    /// The timeout passed.
    case expired
    /// The caller ended it (`EndFeedback`, or its disconnection).
    case explicit

    /// The value on the bus (`u`).
    public var rawValue: UInt32 {
        switch self {
        case .notFound: return UInt32.max
        case .natural: return 0
        case .expired: return 1
        case .explicit: return 2
        }
    }
}
