/// The data store tells the overlay when cells finish loading: the screen redraws and the log notes it.
extension RatingOverlay: EmojiDataStoreDelegate {
    public func dataStore(_ store: EmojiDataStore, didLoadItems items: [Int], at time: Int64) {
        revision += 1
        record(.loaded(items: items), at: time)
    }
}
