/// Where the rating overlay's interaction is.
public enum OverlayPhase: String, Hashable, Sendable {
    /// Nothing pressed hard enough: the grid as it is.
    case idle
    /// A cell is pressed: the rest fades, 👍 and 👎 appear over the cell.
    case preview
    /// The preview ended; pressing harder commits the thumb under the touch.
    case commit
    /// The peek's actions are shown (the touch slid up after the peek); lifting on one performs
    /// it, and the commit no longer happens.
    case actions
    /// The peek's actions were shown and hidden again (the touch slid back): lifting cancels.
    case actionsHidden
    /// The title bar is pressed: its quick actions appear at the peek; lifting on one performs it.
    case shortcuts
}
