/// How many terminal columns a character takes, as terminals measure it (`wcwidth`).
///
/// Emoji with default emoji presentation (and emoji followed by U+FE0F) and East Asian wide or
/// fullwidth characters take two columns; everything else one. Ambiguous-width characters (box
/// drawing, shades) count as one, as in every non-CJK locale.
public enum TerminalWidth {
    /// The columns `character` takes: 1 or 2.
    @inlinable
    public static func columns(of character: Character) -> Int {
        if character.isASCII { return 1 }
        var isEmoji = false
        for scalar in character.unicodeScalars {
            if scalar.properties.isEmojiPresentation { return 2 }
            if scalar.value == 0xFE0F, isEmoji { return 2 }
            if isWide(scalar.value) { return 2 }
            isEmoji = isEmoji || scalar.properties.isEmoji
        }
        return 1
    }

    /// The columns `text` takes.
    public static func columns(of text: String) -> Int {
        var total = 0
        for character in text { total += columns(of: character) }
        return total
    }

    /// East Asian Wide and Fullwidth ranges (the parts terminals agree on).
    @usableFromInline
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
