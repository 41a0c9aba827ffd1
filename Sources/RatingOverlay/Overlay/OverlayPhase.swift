/// Where the rating overlay's interaction is.
public enum OverlayPhase: String, Hashable, Sendable {
    /// Nothing pressed hard enough: the grid as it is.
    case idle
    /// A cell is pressed: the rest fades, 👍 and 👎 appear over the cell.
    case preview
    /// The preview ended; pressing harder commits the thumb under the touch.
    case commit
}
