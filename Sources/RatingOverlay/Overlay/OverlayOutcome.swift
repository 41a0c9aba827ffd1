/// How the last interaction ended, shown until the next one begins.
public enum OverlayOutcome: Hashable, Sendable {
    /// `item` was rated `rating`.
    case rated(item: Int, rating: Rating)
    /// The interaction on `item` was cancelled.
    case cancelled(item: Int)
}
