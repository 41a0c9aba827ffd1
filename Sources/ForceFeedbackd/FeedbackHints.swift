/// What a `TriggerFeedback` call's `hints` (`a{sv}`) ask for, as feedbackd reads them: a
/// `profile` (string) that can only make this event quieter, and `important` (boolean), which
/// lets an application that is allowed to do so override its per-application profile.
/// Unknown hints are ignored, as feedbackd does.
public struct FeedbackHints: Hashable, Sendable {
    /// The profile the caller asks for, if any (an unknown name counts as none).
    public var profile: FeedbackProfile?
    /// Whether the caller marked the event important.
    public var isImportant: Bool

    /// Hints; read them from the call's `a{sv}` (`profile`: string, `important`: boolean).
    public init(profile: FeedbackProfile? = nil, isImportant: Bool = false) {
        self.profile = profile
        self.isImportant = isImportant
    }

    /// The level an event plays at: the quietest of the global profile, the application's own
    /// profile and the hint — except that an important event of an application allowed to send
    /// them plays at the hint's level (full when there is none).
    public func effectiveProfile(global: FeedbackProfile, application: FeedbackProfile = .full,
                                 mayBeImportant: Bool = false) -> FeedbackProfile {
        let requested = profile ?? .full
        if isImportant && mayBeImportant { return requested }
        return min(global, application, requested)
    }
}
