/// How much feedback the user wants (feedbackd's profile, its `Profile` property): each level
/// plays its own part of a theme and every quieter part.
///
/// - `full`: the `full`, `quiet` and `silent` parts (usually sound, vibration and LED);
/// - `quiet`: the `quiet` and `silent` parts (usually vibration and LED, no sound);
/// - `silent`: the `silent` part only (usually LED only).
public enum FeedbackProfile: String, CaseIterable, Comparable, Hashable, Sendable {
    case silent
    case quiet
    case full

    /// The profile named `name` (`full`, `quiet`, `silent`), nil for any other name.
    public init?(named name: String) {
        self.init(rawValue: name)
    }

    /// The profiles whose theme parts play at this level, loudest first.
    public var includedProfiles: [FeedbackProfile] {
        FeedbackProfile.allCases.filter { $0 <= self }.reversed()
    }

    public static func < (lhs: FeedbackProfile, rhs: FeedbackProfile) -> Bool {
        lhs.order < rhs.order
    }

    private var order: Int {
        switch self {
        case .silent: return 0
        case .quiet: return 1
        case .full: return 2
        }
    }
}
