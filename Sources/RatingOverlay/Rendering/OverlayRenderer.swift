/// Draws a `RatingOverlay` full screen into a `ScreenBuffer`.
///
/// The top row is a title bar and the bottom row a status line; between them the visible rows
/// of the grid, each cell a box with its emoji in the middle (or "loading" until its data
/// arrives) and its rating, if any, set into the bottom border. While a cell is previewed, the
/// other cells fade by the preview progress (their borders dim and their insides fill with ░,
/// ▒, then ▓) and 👍 / 👎 appear above and below the pressed emoji; during the commit the thumb
/// under the touch is highlighted as `[👍]` or `[👎]`. Revealed actions (a peek's, or the title
/// bar's quick actions) are drawn as a menu, the one under the touch reversed.
public struct OverlayRenderer: Sendable {
    /// The title bar's right side (the input device).
    public var title: String

    /// The smallest cell the layout draws: 8 columns (a 6-column inside fits `[👍]`) by 5 rows
    /// (thumb up, emoji, thumb down inside the border).
    public static let minimumCellSize = (width: 8, height: 5)

    /// Creates a renderer.
    public init(title: String = "") {
        self.title = title
    }

    /// Renders `overlay` on a new `width` × `height` screen.
    public func render(_ overlay: RatingOverlay, width: Int, height: Int, notice: String? = nil) -> ScreenBuffer {
        var screen = ScreenBuffer(width: width, height: height)
        render(overlay, into: &screen, notice: notice)
        return screen
    }

    /// Redraws `screen` with `overlay`; `notice` is appended to the status line.
    public func render(_ overlay: RatingOverlay, into screen: inout ScreenBuffer, notice: String? = nil) {
        screen.clear()
        guard screen.width > 0, screen.height > 0 else { return }
        let layout = overlay.layout
        drawTitle(into: &screen)
        guard screen.height >= 3 else { return }

        let gridHeight = screen.height - 2
        let cellWidth = screen.width / layout.columns
        let cellHeight = gridHeight / layout.visibleRows
        if cellWidth < Self.minimumCellSize.width || cellHeight < Self.minimumCellSize.height {
            let needed = "Terminal too small: need \(layout.columns * Self.minimumCellSize.width)x\(layout.visibleRows * Self.minimumCellSize.height + 2)"
            screen.draw(needed, row: 1, column: 0)
            return
        }
        let left = (screen.width - cellWidth * layout.columns) / 2
        let top = 1 + (gridHeight - cellHeight * layout.visibleRows) / 2
        for row in 0..<layout.visibleRows {
            for column in 0..<layout.columns {
                guard let item = layout.item(row: overlay.firstVisibleRow + row, column: column) else { continue }
                drawCell(item, of: overlay, into: &screen,
                         row: top + row * cellHeight, column: left + column * cellWidth,
                         width: cellWidth - 1, height: cellHeight)
            }
        }
        if !overlay.actions.isEmpty {
            // A peek's menu sits above the pressed cell's row (the touch slides up onto it); the
            // quick actions hang from the title bar.
            let cellRow = overlay.activeItem.map { overlay.layout.row(of: $0) - overlay.firstVisibleRow }
            let anchor = cellRow.map { top + $0 * cellHeight } ?? 1
            drawMenu(of: overlay, anchoredAt: anchor, above: cellRow != nil, into: &screen)
        }
        drawStatus(of: overlay, notice: notice, into: &screen)
    }

    /// The actions as a framed list, the highlighted one reversed with a `›`; above `anchor` (the
    /// row it is drawn up from) or below it, clamped to the grid.
    private func drawMenu(of overlay: RatingOverlay, anchoredAt anchor: Int, above: Bool, into screen: inout ScreenBuffer) {
        let titles = overlay.actions.map { " \($0.style == .selected ? "✓" : " ") \($0.title) " }
        let width = min((titles.map(TerminalWidth.columns(of:)).max() ?? 0) + 3, screen.width - 2)
        let height = titles.count + 2
        let top = max(1, min(above ? anchor - height + 1 : anchor, screen.height - 1 - height))
        let left = max((screen.width - width) / 2, 0)
        let frame = Self.activeBorderStyle
        screen.draw("┌" + String(repeating: "─", count: width - 2) + "┐", row: top, column: left, style: frame)
        for (index, title) in titles.enumerated() {
            let row = top + 1 + index
            let isHighlighted = overlay.highlightedActionIndex == index
            let destructive = overlay.actions[index].style == .destructive
            let style = isHighlighted
                ? TextStyle(foreground: .indexed(15), background: .indexed(destructive ? 124 : 25), isBold: true)
                : TextStyle(foreground: destructive ? .indexed(9) : .standard)
            screen.draw("│", row: row, column: left, style: frame)
            screen.fill(row: row, column: left + 1, count: width - 2, style: style)
            screen.draw(isHighlighted ? "›" : " ", row: row, column: left + 1, style: style)
            screen.draw(title, row: row, column: left + 2, style: style)
            screen.draw("│", row: row, column: left + width - 1, style: frame)
        }
        screen.draw("└" + String(repeating: "─", count: width - 2) + "┘", row: top + height - 1, column: left, style: frame)
    }

    // MARK: - Parts

    private static let titleStyle = TextStyle(isBold: true, isReversed: true)
    private static let borderStyle = TextStyle(foreground: .gray(13))
    private static let activeBorderStyle = TextStyle(foreground: .indexed(11), isBold: true)
    private static let loadingStyle = TextStyle(foreground: .gray(10))
    private static let shades: [Character] = [" ", "░", "▒", "▓"]

    private func drawTitle(into screen: inout ScreenBuffer) {
        screen.fill(row: 0, column: 0, count: screen.width, style: Self.titleStyle)
        let end = screen.draw(" ForceBridge EmojiRater", row: 0, column: 0, style: Self.titleStyle)
        let right = title.isEmpty ? "" : title + " "
        let start = screen.width - TerminalWidth.columns(of: right)
        if !right.isEmpty, start >= end + 2 { screen.draw(right, row: 0, column: start, style: Self.titleStyle) }
    }

    /// The fade level of cells other than the pressed one: 0 (none) to 3 (fully faded).
    static func fadeLevel(_ fade: Double) -> Int {
        fade <= 0 ? 0 : min(Int(fade * 3) + 1, 3)
    }

    private func drawCell(_ item: Int, of overlay: RatingOverlay, into screen: inout ScreenBuffer, row top: Int, column left: Int, width: Int, height: Int) {
        let isActive = overlay.activeItem == item
        let fade = isActive ? 0 : Self.fadeLevel(overlay.phase == .idle ? 0 : overlay.fadeAmount)
        let border = isActive ? Self.activeBorderStyle : (fade == 0 ? Self.borderStyle : TextStyle(foreground: .gray(13 - 3 * fade)))
        let inside = width - 2
        let bottom = top + height - 1

        // Border.
        screen.draw("┌", row: top, column: left, style: border)
        screen.fill(row: top, column: left + 1, count: inside, with: "─", style: border)
        screen.draw("┐", row: top, column: left + width - 1, style: border)
        for row in (top + 1)..<bottom {
            screen.draw("│", row: row, column: left, style: border)
            screen.fill(row: row, column: left + 1, count: inside, with: Self.shades[fade], style: TextStyle(foreground: .gray(3 + 2 * fade)))
            screen.draw("│", row: row, column: left + width - 1, style: border)
        }
        screen.draw("└", row: bottom, column: left, style: border)
        screen.fill(row: bottom, column: left + 1, count: inside, with: "─", style: border)
        screen.draw("┘", row: bottom, column: left + width - 1, style: border)
        if let rating = overlay.rating(of: item) {
            drawCentered(" \(rating.symbol) ", row: bottom, left: left + 1, width: inside, into: &screen, style: border)
        }

        // Content.
        let middle = top + 1 + (height - 2) / 2
        if overlay.showsRatedOnly, overlay.rating(of: item) == nil {
            drawCentered("·", row: middle, left: left + 1, width: inside, into: &screen, style: Self.loadingStyle)
        } else if let emoji = overlay.store.emoji(at: item) {
            drawCentered(emoji, row: middle, left: left + 1, width: inside, into: &screen, style: .plain)
        } else {
            let text = overlay.store.state(of: item).isPending ? (inside >= 9 ? "loading" : "...") : "-"
            drawCentered(text, row: middle, left: left + 1, width: inside, into: &screen, style: Self.loadingStyle)
        }
        guard isActive, overlay.phase == .preview || overlay.phase == .commit else { return }
        for rating in Rating.allCases {
            let row = rating == .up ? middle - 1 : middle + 1
            let isHighlighted = overlay.phase == .commit && overlay.highlightedRating == rating
            let style = isHighlighted
                ? TextStyle(foreground: .indexed(15), background: .indexed(rating == .up ? 28 : 124), isBold: true)
                : TextStyle.plain
            let text = isHighlighted ? "[\(rating.symbol)]" : " \(rating.symbol) "
            drawCentered(text, row: row, left: left + 1, width: inside, into: &screen, style: style)
        }
    }

    private func drawCentered(_ text: String, row: Int, left: Int, width: Int, into screen: inout ScreenBuffer, style: TextStyle) {
        let columns = TerminalWidth.columns(of: text)
        screen.draw(text, row: row, column: left + max((width - columns) / 2, 0), style: style)
    }

    private func drawStatus(of overlay: RatingOverlay, notice: String?, into screen: inout ScreenBuffer) {
        let row = screen.height - 1
        var text = " " + statusText(of: overlay)
        if let notice { text += "  " + notice }
        let end = screen.draw(text, row: row, column: 0, style: TextStyle(isBold: overlay.phase != .idle))
        let layout = overlay.layout
        let lastRow = min(overlay.firstVisibleRow + layout.visibleRows, layout.rowCount)
        let pending = overlay.store.queuedItems.count + overlay.store.loadingItems.count
        var right = "rows \(overlay.firstVisibleRow + 1)-\(lastRow) of \(layout.rowCount)"
        if pending > 0 { right += ", loading \(pending)" }
        right += " "
        let start = screen.width - TerminalWidth.columns(of: right)
        if start >= end + 2 { screen.draw(right, row: row, column: start, style: TextStyle(foreground: .gray(12))) }
    }

    private func statusText(of overlay: RatingOverlay) -> String {
        let emoji = overlay.activeItem.flatMap { overlay.store.catalogEmoji(at: $0) } ?? ""
        switch overlay.phase {
        case .preview:
            return "Preview \(emoji) \(Self.bar(overlay.fadeAmount)) press harder to rate, lift to cancel"
        case .commit:
            let rating = overlay.highlightedRating ?? .up
            return "Rate \(emoji) \(rating.symbol) \(Self.bar(overlay.commitProgress)) upper half 👍, lower half 👎"
        case .actions:
            return "Actions on \(emoji): lift on one to do it, slide down to hide"
        case .actionsHidden:
            return "Peek \(emoji): slide up for actions, lift to cancel"
        case .shortcuts:
            return overlay.actions.isEmpty
                ? "Title bar \(Self.bar(overlay.fadeAmount)) press harder for quick actions"
                : "Quick actions: lift on one to do it"
        case .idle:
            switch overlay.lastOutcome {
            case .performed(let item, let action)?:
                return "Done: \(action.title)\(item.flatMap { " on " + (overlay.store.catalogEmoji(at: $0) ?? "") } ?? "")"
            case .titleBarCancelled?:
                return "Quick actions closed"
            case .rated(let item, let rating)?:
                return "Rated \(overlay.store.catalogEmoji(at: item) ?? "") \(rating.symbol)"
            case .cancelled(let item)?:
                return "Cancelled: \(overlay.store.catalogEmoji(at: item) ?? "") unchanged"
            case nil:
                return "Press an emoji to preview, harder to rate, lift to cancel"
            }
        }
    }

    /// `[█████░░░░░] 50%`: progress in tenths and whole percent (rounded down).
    static func bar(_ progress: Double) -> String {
        let clamped = min(max(progress, 0), 1)
        // A hair over the value, so 0.57 (56.99999… in binary) reads 57, not 56.
        let percent = Int(clamped * 100 + 1e-9)
        let filled = percent / 10
        return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: 10 - filled) + "] \(percent)%"
    }
}
