/// What `RatingStore.load()` found.
public enum RatingStoreLoadResult: Hashable, Sendable {
    /// There was no ratings file yet: no ratings.
    case missing
    /// The file was read.
    case loaded(count: Int)
    /// The file was unreadable (`reason`); it was moved to `movedTo` and replaced by an empty one.
    case replacedCorruptFile(reason: String, movedTo: String)
}
