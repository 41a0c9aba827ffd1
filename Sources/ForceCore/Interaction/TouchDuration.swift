/// How long a touch must be held still to drive an interaction on a device without force (or
/// with force estimated from contact size, alongside it), like iOS's Haptic Touch *touch
/// duration*: a user setting that chooses the `HapticTouchTiming`.
///
/// | duration | begins | peek | pop |
/// |---|---|---|---|
/// | `fast` (the default, as on iOS) | 0.15 s | 0.5 s | 1.0 s |
/// | `slow` | 0.24 s | 0.8 s | 1.6 s |
///
/// Times are from the moment the touch lands; see `HapticTouchTiming` for what each means.
public enum TouchDuration: String, Hashable, Sendable, CaseIterable {
    /// The peek after half a second, as a UIKit long press.
    case fast
    /// Everything 1.6 times as long, for people who rest their finger before they act.
    case slow

    /// The default: `fast`.
    public static let standard = TouchDuration.fast

    /// The timing this setting chooses.
    public var timing: HapticTouchTiming {
        switch self {
        case .fast: return .fast
        case .slow: return .slow
        }
    }
}
