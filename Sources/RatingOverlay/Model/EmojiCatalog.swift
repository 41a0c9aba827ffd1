/// The emoji the overlay offers for rating, in grid order.
///
/// Every entry is a single scalar with default emoji presentation, so terminals agree that it
/// takes two columns (sequences with variation selectors or joiners are measured differently by
/// different terminals, which would break the layout).
public enum EmojiCatalog {
    /// The default catalog: 36 emoji, nine rows of four.
    public static let standard: [String] = [
        "😀", "🐶", "🍕", "🚀",
        "🌵", "🐙", "🎸", "🍩",
        "🐢", "🌈", "🍉", "🎲",
        "🦄", "🍔", "🐝", "🎈",
        "🌻", "🐧", "🍄", "🎃",
        "🐳", "🍓", "🚲", "🎹",
        "🐸", "🍒", "🌙", "🎁",
        "🐼", "🍋", "🔥", "🎷",
        "🐞", "🍪", "🌊", "🏆",
    ]
}
