/// A rating given to an emoji: thumbs up or thumbs down, as in EmojiRater.
public enum Rating: String, Hashable, Sendable, CaseIterable, Encodable {
    /// 👍: chosen by committing in the upper half of the cell.
    case up
    /// 👎: chosen by committing in the lower half of the cell.
    case down

    /// The emoji that shows the rating.
    public var symbol: String {
        switch self {
        case .up: return "👍"
        case .down: return "👎"
        }
    }
}
