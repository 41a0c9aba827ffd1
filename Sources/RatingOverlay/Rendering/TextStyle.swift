/// How a screen cell is drawn: colors and attributes (SGR).
public struct TextStyle: Hashable, Sendable {
    /// The foreground color.
    public var foreground: TerminalColor
    /// The background color.
    public var background: TerminalColor
    /// Bold text.
    public var isBold: Bool
    /// Foreground and background swapped.
    public var isReversed: Bool

    /// Creates a style.
    public init(foreground: TerminalColor = .standard, background: TerminalColor = .standard, isBold: Bool = false, isReversed: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.isBold = isBold
        self.isReversed = isReversed
    }

    /// The terminal's default look.
    public static let plain = TextStyle()
}
