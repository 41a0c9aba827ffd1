/// Puts `ScreenBuffer`s on a terminal, redrawing only the cells that changed since the last one.
///
/// The output is plain ANSI: cursor positioning (CUP), colors and attributes (SGR) and, on the
/// first frame or after a size change, a full clear. Two-column characters are always redrawn
/// whole: when either half of one changes, before or after, both columns and the character
/// that covers them are drawn again, because terminals blank the other half of a wide character
/// when one half is overwritten.
public struct TerminalPresenter: Sendable {
    private var previous: ScreenBuffer?
    private var dirty: [Bool] = []

    /// Creates a presenter for a terminal whose content is unknown (the first frame clears it).
    public init() {}

    /// Forgets what is on the terminal: the next frame clears it and draws everything.
    public mutating func invalidate() {
        previous = nil
    }

    /// Appends to `output` what turns the terminal's screen into `screen`.
    public mutating func present(_ screen: ScreenBuffer, into output: inout [UInt8]) {
        var old: ScreenBuffer
        if let previous, previous.width == screen.width, previous.height == screen.height {
            old = previous
        } else {
            output.append(contentsOf: Self.resetAndClear)
            old = ScreenBuffer(width: screen.width, height: screen.height)
        }
        if dirty.count != screen.width { dirty = Array(repeating: false, count: screen.width) }
        // Every frame ends in the plain style (and the first one starts with a reset).
        var style = TextStyle.plain
        var cursor: (row: Int, column: Int)? = nil
        for row in 0..<screen.height {
            guard markDirty(row: row, old: old, new: screen) else { continue }
            var column = 0
            while column < screen.width {
                let cell = screen[row, column]
                guard dirty[column], !cell.isContinuation else {
                    column += 1
                    continue
                }
                if cursor == nil || cursor! != (row, column) {
                    Self.moveCursor(row: row, column: column, into: &output)
                }
                if style != cell.style {
                    Self.setStyle(cell.style, into: &output)
                    style = cell.style
                }
                output.append(contentsOf: cell.character.utf8)
                let advance = cell.isWide ? 2 : 1
                column += advance
                // At the right edge the cursor waits to wrap: its position is no longer known.
                cursor = column < screen.width ? (row, column) : nil
            }
        }
        if style != .plain { Self.setStyle(.plain, into: &output) }
        old = screen
        previous = old
    }

    /// Marks the columns of `row` to draw; returns whether any is.
    private mutating func markDirty(row: Int, old: ScreenBuffer, new: ScreenBuffer) -> Bool {
        var any = false
        for column in 0..<new.width {
            let changed = old[row, column] != new[row, column]
            dirty[column] = changed
            any = any || changed
        }
        guard any else { return false }
        // Spread to both halves of wide characters, old and new, until nothing more changes.
        var spreading = true
        while spreading {
            spreading = false
            for column in 0..<new.width where dirty[column] {
                let before = old[row, column]
                let after = new[row, column]
                if (before.isWide || after.isWide), column + 1 < new.width, !dirty[column + 1] {
                    dirty[column + 1] = true
                    spreading = true
                }
                if (before.isContinuation || after.isContinuation), column > 0, !dirty[column - 1] {
                    dirty[column - 1] = true
                    spreading = true
                }
            }
        }
        return true
    }

    /// SGR reset, clear the screen, cursor home.
    static let resetAndClear: [UInt8] = Array("\u{1b}[0m\u{1b}[2J\u{1b}[H".utf8)

    private static let foregroundPrefix: [UInt8] = Array(";38;5;".utf8)
    private static let backgroundPrefix: [UInt8] = Array(";48;5;".utf8)

    static func moveCursor(row: Int, column: Int, into output: inout [UInt8]) {
        output.append(0x1b)
        output.append(UInt8(ascii: "["))
        appendDecimal(row + 1, to: &output)
        output.append(UInt8(ascii: ";"))
        appendDecimal(column + 1, to: &output)
        output.append(UInt8(ascii: "H"))
    }

    static func setStyle(_ style: TextStyle, into output: inout [UInt8]) {
        output.append(0x1b)
        output.append(UInt8(ascii: "["))
        output.append(UInt8(ascii: "0"))
        if style.isBold { output.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "1")]) }
        if style.isReversed { output.append(contentsOf: [UInt8(ascii: ";"), UInt8(ascii: "7")]) }
        if case .indexed(let index) = style.foreground {
            output.append(contentsOf: foregroundPrefix)
            appendDecimal(Int(index), to: &output)
        }
        if case .indexed(let index) = style.background {
            output.append(contentsOf: backgroundPrefix)
            appendDecimal(Int(index), to: &output)
        }
        output.append(UInt8(ascii: "m"))
    }

    static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &output) }
        output.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
