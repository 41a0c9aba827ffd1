/// Plays the outcome of a task — success, warning or error — as distinct multi-pulse patterns
/// (UIKit's `UINotificationFeedbackGenerator`). A notification pre-empts a playing selection
/// tick or impact (`HapticPriority`).
public final class NotificationFeedbackGenerator {
    /// Where the feedback plays.
    public let player: (any HapticPlayer)?

    /// Creates a generator playing on `player`.
    public init(player: (any HapticPlayer)?) {
        self.player = player
    }

    /// Uploads the effects of all three notifications.
    public func prepare() {
        guard let player else { return }
        for type in NotificationFeedbackType.allCases { player.prepare(FeedbackPatterns.notification(type)) }
    }

    /// Uploads the effects of one notification.
    public func prepare(for type: NotificationFeedbackType) {
        player?.prepare(FeedbackPatterns.notification(type))
    }

    /// Plays the notification of `type`.
    public func notificationOccurred(_ type: NotificationFeedbackType) {
        player?.play(FeedbackPatterns.notification(type), priority: .notification)
    }
}
