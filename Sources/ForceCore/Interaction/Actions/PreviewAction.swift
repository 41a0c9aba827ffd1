/// Something the user can do from a preview without committing it, chosen by sliding the
/// touch onto it and lifting: a peek's action (UIKit's `UIPreviewAction`) or a quick action
/// offered by a firm press on a region (UIKit's `UIApplicationShortcutItem`).
///
/// Actions are data: the delegate supplies them (`previewActions(for:)`) and is told which one
/// was performed (`previewInteraction(_:didPerform:)`), so that sinks, logs and the service can
/// carry them as values.
public struct PreviewAction: Hashable, Sendable {
    /// How an action is drawn, as UIKit's `UIPreviewAction.Style`.
    public enum Style: String, Hashable, Sendable {
        /// An ordinary action.
        case `default`
        /// An action for a state that is already chosen (drawn with a check mark).
        case selected
        /// An action that destroys data (drawn in red).
        case destructive
    }

    /// What the action is, for the program: stable across runs (UIKit's shortcut `type`).
    public var identifier: String
    /// What the user reads.
    public var title: String
    /// How it is drawn.
    public var style: Style

    /// Creates an action.
    public init(identifier: String, title: String, style: Style = .default) {
        self.identifier = identifier
        self.title = title
        self.style = style
    }
}
