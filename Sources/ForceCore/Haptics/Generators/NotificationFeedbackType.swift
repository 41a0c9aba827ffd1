/// The outcome a notification feedback reports (UIKit's `UINotificationFeedbackGenerator.FeedbackType`).
public enum NotificationFeedbackType: String, CaseIterable, Hashable, Sendable {
    /// A task succeeded.
    case success
    /// A task produced a warning.
    case warning
    /// A task failed.
    case error
}
