import ForceCore

/// How the last interaction ended, shown until the next one begins.
public enum OverlayOutcome: Hashable, Sendable {
    /// `item` was rated `rating`.
    case rated(item: Int, rating: Rating)
    /// The interaction on `item` was cancelled.
    case cancelled(item: Int)
    /// `action` was performed, on `item` (a peek's action) or from the title bar (nil).
    case performed(item: Int?, action: PreviewAction)
    /// The press on the title bar ended without a quick action.
    case titleBarCancelled
}
