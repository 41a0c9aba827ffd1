/// Estimated text widths for laying out labels without a font engine (DejaVu Sans proportions;
/// generous, so that estimated boxes hold the rendered text).
public enum TextMetrics {
    /// The width of `text` at `fontSize` pixels.
    public static func width(of text: String, fontSize: Double) -> Double {
        var units = 0.0
        for character in text {
            switch character {
            case "i", "l", "j", "'", "|", ".", ",", ":", ";", "!", " ", "(", ")", "[", "]", "f", "t", "r":
                units += 0.36
            case "m", "w", "M", "W", "—", "…":
                units += 0.92
            case "A"..."Z", "0"..."9", "_", "×":
                units += 0.68
            default:
                units += 0.6
            }
        }
        return units * fontSize
    }
}
