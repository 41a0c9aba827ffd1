/// A terminal screen held in memory: `height` rows of `width` cells.
///
/// Drawing keeps two-column characters whole: a wide character that would cross the right edge
/// is drawn as a space, and drawing over either half of a wide character blanks its other half,
/// as terminals do. `text` is a plain-text snapshot for tests; `TerminalPresenter` puts the
/// buffer on a real terminal, redrawing only what changed.
public struct ScreenBuffer: Hashable, Sendable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// The cells, row by row.
    public private(set) var cells: [ScreenCell]

    /// Creates a blank screen.
    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at `row`, `column`.
    public subscript(row: Int, column: Int) -> ScreenCell {
        cells[row * width + column]
    }

    /// Blanks every cell.
    public mutating func clear() {
        for index in cells.indices { cells[index] = .blank }
    }

    /// Draws `text` from `column` on `row`, clipped at the right edge; returns the column after it.
    @discardableResult
    public mutating func draw(_ text: String, row: Int, column: Int, style: TextStyle = .plain) -> Int {
        var column = column
        for character in text {
            column += draw(character, row: row, column: column, style: style)
        }
        return column
    }

    /// Draws `character` at `row`, `column` and returns the columns it takes (1 or 2). Off-screen
    /// positions draw nothing.
    @discardableResult
    public mutating func draw(_ character: Character, row: Int, column: Int, style: TextStyle = .plain) -> Int {
        let columns = TerminalWidth.columns(of: character)
        guard row >= 0, row < height, column >= 0, column < width else { return columns }
        if columns == 2 && column + 1 >= width {
            put(ScreenCell(character: " ", style: style), row: row, column: column)
            return 2
        }
        put(ScreenCell(character: character, style: style), row: row, column: column)
        if columns == 2 {
            put(ScreenCell(character: " ", style: style, isContinuation: true), row: row, column: column + 1)
        }
        return columns
    }

    /// Fills `count` cells from `column` on `row` with `character` (one column wide).
    public mutating func fill(row: Int, column: Int, count: Int, with character: Character = " ", style: TextStyle = .plain) {
        for offset in 0..<max(count, 0) { draw(character, row: row, column: column + offset, style: style) }
    }

    /// Stores `cell`, blanking the other half of any wide character it overwrites.
    private mutating func put(_ cell: ScreenCell, row: Int, column: Int) {
        let index = row * width + column
        let old = cells[index]
        if old.isContinuation, column > 0, !cell.isContinuation {
            cells[index - 1] = ScreenCell(character: " ", style: cells[index - 1].style)
        }
        if old.isWide, column + 1 < width, cells[index + 1].isContinuation {
            cells[index + 1] = ScreenCell(character: " ", style: cells[index + 1].style)
        }
        cells[index] = cell
    }

    /// Row `row` as text: each character once (wide ones are not followed by a space for their
    /// second half), trailing spaces removed.
    public func line(_ row: Int) -> String {
        var text = ""
        for column in 0..<width {
            let cell = self[row, column]
            if !cell.isContinuation { text.append(cell.character) }
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The whole screen as text, one line per row, trailing spaces and blank last lines removed.
    public var text: String {
        var lines = (0..<height).map(line)
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
