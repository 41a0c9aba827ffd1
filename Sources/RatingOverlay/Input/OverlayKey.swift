/// A key the terminal overlay responds to.
public enum OverlayKey: Hashable, Sendable {
    /// ↑ or k: one row up.
    case up
    /// ↓ or j: one row down.
    case down
    /// Page Up or b: one screen up.
    case pageUp
    /// Page Down, f or space: one screen down.
    case pageDown
    /// Home or g: the first row.
    case home
    /// End or G: the last rows.
    case end
    /// q, Escape or Ctrl-D: leave.
    case quit

    /// The rows this key scrolls by in `layout`, or nil when it does not scroll.
    public func scrollRows(in layout: GridLayout) -> Int? {
        switch self {
        case .up: return -1
        case .down: return 1
        case .pageUp: return -layout.visibleRows
        case .pageDown: return layout.visibleRows
        case .home: return -layout.rowCount
        case .end: return layout.rowCount
        case .quit: return nil
        }
    }
}
