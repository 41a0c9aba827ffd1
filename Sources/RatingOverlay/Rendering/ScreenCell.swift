/// One column of one screen row.
///
/// A two-column character (an emoji) sits in its first cell; the cell to its right is its
/// `isContinuation` half and holds no character of its own.
public struct ScreenCell: Hashable, Sendable {
    /// The character drawn here (a space in continuation cells).
    public var character: Character
    /// How it is drawn.
    public var style: TextStyle
    /// Whether this is the right half of the two-column character to its left.
    public var isContinuation: Bool

    /// Creates a cell.
    public init(character: Character = " ", style: TextStyle = .plain, isContinuation: Bool = false) {
        self.character = character
        self.style = style
        self.isContinuation = isContinuation
    }

    /// An empty cell in the default style.
    public static let blank = ScreenCell()

    /// Whether the character here takes two columns.
    public var isWide: Bool { !isContinuation && TerminalWidth.columns(of: character) == 2 }
}
