extension EmojiCatalog {
    /// Every catalog emoji rated, alternating 👍 and 👎 from the first, shifted by `shift` (so the
    /// sets of consecutive shifts differ in every entry): what `forcebridge ratings churn` saves
    /// in turn for the crash-safety test.
    public static func alternatingRatings(shift: Int) -> [String: Rating] {
        var ratings: [String: Rating] = [:]
        for (index, emoji) in standard.enumerated() {
            ratings[emoji] = (index + shift) % 2 == 0 ? .up : .down
        }
        return ratings
    }
}
