/// How important a feedback is when it arrives while another is still playing.
///
/// A device has one actuator (or one pair of motors) and overlapping effects blur into each
/// other (ff-memless adds their magnitudes), so one feedback plays at a time:
/// - a feedback of the same or a higher priority pre-empts the one playing (it is stopped in
///   the same `write` that starts the new one; an effect that plays again is just restarted):
///   a new impact replaces the current impact, a notification pre-empts a selection tick or an
///   impact;
/// - a feedback of a lower priority arriving while a higher one plays is dropped: a selection
///   tick during a notification would only smear the notification's pulses.
/// Anything arriving when nothing plays, plays.
public enum HapticPriority: Int, Comparable, CaseIterable, Hashable, Sendable {
    /// Selection ticks.
    case selection = 0
    /// Impacts, interaction peek and pop, and custom patterns by default.
    case impact = 1
    /// Notifications (success, warning, error).
    case notification = 2

    public static func < (lhs: HapticPriority, rhs: HapticPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}
