/// Advance warning of the cells a grid will need, shaped like
/// `UICollectionViewDataSourcePrefetching` for a grid with one section (items are indexes).
public protocol EmojiDataPrefetching: AnyObject {
    /// Start loading the data of `items`, given most urgent first, because they will be on
    /// screen soon.
    func prefetchItems(at items: [Int])

    /// Stop loading the data of `items`: the grid scrolled away and no longer expects to need them.
    func cancelPrefetchingForItems(at items: [Int])
}
