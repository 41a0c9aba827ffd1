import ForceCore

/// The shape of the emoji grid and the calibration that maps touches onto it.
///
/// The grid has `columns` columns and as many rows as `itemCount` needs; `visibleRows` of them
/// are on screen at a time, starting at the overlay's first visible row.
///
/// ## Calibration
/// Touches map onto the *visible* grid through the preview interaction's `DeviceArea`: by
/// default the whole device area (its X and Y axis ranges) covers the visible grid exactly, so a
/// touch at normalized device position (u, v) lands in visible column `⌊u · columns⌋` and visible
/// row `⌊v · visibleRows⌋`, and it is in the cell's upper half when `frac(v · visibleRows) < 0.5`.
/// With the default 4 × 3 grid, the shipped stylus recording lands at (0.372, 0.505), column 1
/// and row 1 (the second cell of the middle row, in its lower half), then moves up to
/// (0.372, 0.425), the upper half of the same cell, before it commits: 👍. To use only part of a
/// device (bezels, a tablet mapped to part of a screen), narrow the interaction's `area`.
public struct GridLayout: Hashable, Sendable {
    /// Cells per row.
    public var columns: Int
    /// Rows on screen at a time.
    public var visibleRows: Int
    /// Cells in the whole grid.
    public var itemCount: Int
    /// Rows beyond the visible ones, in the scrolling direction, whose data is prefetched.
    public var prefetchRows: Int

    /// The default visible grid: 4 columns, 3 rows, 2 rows prefetched.
    public init(columns: Int = 4, visibleRows: Int = 3, itemCount: Int = EmojiCatalog.standard.count, prefetchRows: Int = 2) {
        self.columns = max(columns, 1)
        self.visibleRows = max(visibleRows, 1)
        self.itemCount = max(itemCount, 0)
        self.prefetchRows = max(prefetchRows, 0)
    }

    /// Rows in the whole grid.
    public var rowCount: Int { (itemCount + columns - 1) / columns }

    /// The largest first visible row (the last rows fill the screen).
    public var maximumFirstRow: Int { max(rowCount - visibleRows, 0) }

    /// The visible grid in grid units: one unit per cell, origin at the top left.
    public var visibleRect: Rect {
        Rect(x: 0, y: 0, width: Double(columns), height: Double(visibleRows))
    }

    /// The item at `row` (of the whole grid) and `column`, or nil past the end.
    public func item(row: Int, column: Int) -> Int? {
        guard row >= 0, column >= 0, column < columns else { return nil }
        let item = row * columns + column
        return item < itemCount ? item : nil
    }

    /// The row of the whole grid that holds `item`.
    public func row(of item: Int) -> Int { item / columns }

    /// The column that holds `item`.
    public func column(of item: Int) -> Int { item % columns }

    /// The visible cell under `point` (in grid units, see `visibleRect`): its visible row and
    /// column, clamped to the grid so the far edges belong to the last row and column.
    public func visibleCell(at point: Point) -> (row: Int, column: Int) {
        let column = min(max(Int(point.x.rounded(.down)), 0), columns - 1)
        let row = min(max(Int(point.y.rounded(.down)), 0), visibleRows - 1)
        return (row, column)
    }

    /// The rating a point chooses for the cell in visible row `row`: the upper half (and
    /// anything above the cell) is 👍, the lower half 👎.
    public func rating(at point: Point, inVisibleRow row: Int) -> Rating {
        point.y < Double(row) + 0.5 ? .up : .down
    }
}
