/// Where the data of one grid item is.
public enum ItemLoadState: Hashable, Sendable {
    /// Not requested (or its load was cancelled).
    case notLoaded
    /// Requested, waiting for a free loader.
    case queued
    /// Loading; done at `due` (microseconds of the session clock).
    case loading(due: Int64)
    /// Loaded: the cell can show it and be rated.
    case loaded

    /// Whether a load is queued or under way.
    public var isPending: Bool {
        switch self {
        case .queued, .loading: return true
        case .notLoaded, .loaded: return false
        }
    }
}
