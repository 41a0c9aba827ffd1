/// What `RatingStore.load()` found.
public enum RatingStoreLoadResult: Hashable, Sendable {
    /// There was no ratings file yet: no ratings.
    case missing
    /// The file was read.
    case loaded(count: Int)
    /// The file was unreadable (`reason`); it was moved to `movedTo` and replaced by an empty one.
    case replacedCorruptFile(reason: String, movedTo: String)
}

extension RatingStoreLoadResult {
    /// What to tell the user about this load of the ratings file at `path`: that a corrupt file
    /// was moved aside; nil otherwise.
    public func notice(path: String) -> String? {
        guard case .replacedCorruptFile(let reason, let aside) = self else { return nil }
        return "\(path) was corrupt (\(reason)); moved it to \(aside) and started a new one"
    }
}
