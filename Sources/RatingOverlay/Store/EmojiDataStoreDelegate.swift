/// Hears what an `EmojiDataStore` finished.
public protocol EmojiDataStoreDelegate: AnyObject {
    /// The data of `items` finished loading at `time` (microseconds of the session clock), in the
    /// order the loads started.
    func dataStore(_ store: EmojiDataStore, didLoadItems items: [Int], at time: Int64)
}
