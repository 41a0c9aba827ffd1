/// A color in the terminal's 256-color palette, or the terminal's default.
public enum TerminalColor: Hashable, Sendable {
    /// The terminal's default foreground or background.
    case standard
    /// A palette index: 0–15 the basic colors, 16–231 a 6×6×6 cube, 232–255 grays.
    case indexed(UInt8)

    /// A gray from the palette's ramp, `level` 0 (darkest) to 23 (lightest).
    public static func gray(_ level: Int) -> TerminalColor {
        .indexed(UInt8(232 + min(max(level, 0), 23)))
    }
}
