/// The overlay's data source: each cell's emoji loads slowly, by design, as EmojiRater's data
/// does, so that prefetching matters.
///
/// A load takes `loadDelay` microseconds and at most `maximumConcurrentLoads` run at once; the
/// rest wait in a queue whose order is urgency: items needed on screen now (`loadItems(at:)`)
/// before prefetched ones, each group in the order it was asked for. Cancelling removes waiting
/// loads and stops running ones, which frees their loader for the next in line.
///
/// Loading is asynchronous on the *session clock*: a request returns at once and its data
/// arrives later, when `advance(to:)` passes the load's due time. The clock is whatever drives
/// the session: a recording's timestamps during replay (so replays are deterministic at any
/// speed) and the monotonic clock for live devices. Completions are reported to `delegate`.
///
/// Requests, cancels and `advance(to:)` allocate only when loads start or finish.
public final class EmojiDataStore: EmojiDataPrefetching {
    /// How long one load takes, in microseconds.
    public let loadDelay: Int64
    /// How many loads run at once.
    public let maximumConcurrentLoads: Int
    /// Hears about finished loads.
    public weak var delegate: (any EmojiDataStoreDelegate)?

    /// The session clock: the time of the last `advance(to:)`, in microseconds.
    public private(set) var time: Int64 = 0
    /// Loads started so far (including ones later cancelled).
    public private(set) var startedLoadCount = 0
    /// Loads stopped by cancellation while running.
    public private(set) var stoppedLoadCount = 0

    private let catalog: [String]
    private var states: [ItemLoadState]
    /// Waiting loads, most urgent first; the first `urgentCount` were asked for by `loadItems(at:)`.
    private var queue: [Int] = []
    private var urgentCount = 0
    /// Running loads, in the order they started.
    private var running: [(item: Int, due: Int64)] = []

    /// Creates a store over `catalog`.
    /// - Parameters:
    ///   - loadDelay: how long one load takes, in microseconds (0 loads on the next `advance`).
    ///   - maximumConcurrentLoads: how many loads run at once (at least 1).
    public init(catalog: [String] = EmojiCatalog.standard, loadDelay: Int64 = 50_000, maximumConcurrentLoads: Int = 4) {
        self.catalog = catalog
        self.loadDelay = max(loadDelay, 0)
        self.maximumConcurrentLoads = max(maximumConcurrentLoads, 1)
        states = Array(repeating: .notLoaded, count: catalog.count)
        queue.reserveCapacity(catalog.count)
        running.reserveCapacity(self.maximumConcurrentLoads)
    }

    /// The number of items.
    public var count: Int { catalog.count }

    /// The emoji of `item` once loaded, else nil (the cell shows a placeholder).
    public func emoji(at item: Int) -> String? {
        guard states.indices.contains(item), states[item] == .loaded else { return nil }
        return catalog[item]
    }

    /// The emoji of `item` whether loaded or not (for logs and persistence, never for display).
    public func catalogEmoji(at item: Int) -> String? {
        catalog.indices.contains(item) ? catalog[item] : nil
    }

    /// The load state of `item`.
    public func state(of item: Int) -> ItemLoadState {
        states.indices.contains(item) ? states[item] : .notLoaded
    }

    /// The items waiting for a loader, most urgent first.
    public var queuedItems: [Int] { queue }

    /// The items loading now, in the order they started.
    public var loadingItems: [Int] { running.map(\.item) }

    /// Loads `items` ahead of every prefetch: they are on screen now. Items already waiting
    /// move to the front (after earlier urgent ones); loaded and running items are left alone.
    public func loadItems(at items: [Int]) {
        for item in items where states.indices.contains(item) {
            switch states[item] {
            case .notLoaded:
                states[item] = .queued
                queue.insert(item, at: urgentCount)
                urgentCount += 1
            case .queued:
                if let index = queue.firstIndex(of: item), index >= urgentCount {
                    queue.remove(at: index)
                    queue.insert(item, at: urgentCount)
                    urgentCount += 1
                }
            case .loading, .loaded:
                break
            }
        }
        startLoads(at: time)
    }

    // MARK: - EmojiDataPrefetching

    /// Queues `items` (most urgent first) behind the loads already waiting.
    public func prefetchItems(at items: [Int]) {
        for item in items where states.indices.contains(item) && states[item] == .notLoaded {
            states[item] = .queued
            queue.append(item)
        }
        startLoads(at: time)
    }

    /// Drops waiting loads of `items` and stops running ones; loaded items keep their data.
    public func cancelPrefetchingForItems(at items: [Int]) {
        for item in items where states.indices.contains(item) {
            switch states[item] {
            case .queued:
                if let index = queue.firstIndex(of: item) {
                    queue.remove(at: index)
                    if index < urgentCount { urgentCount -= 1 }
                }
                states[item] = .notLoaded
            case .loading:
                running.removeAll { $0.item == item }
                stoppedLoadCount += 1
                states[item] = .notLoaded
            case .notLoaded, .loaded:
                break
            }
        }
        startLoads(at: time)
    }

    /// The earliest due time of the running loads; nil when none runs.
    public var nextDue: Int64? {
        running.lazy.map { $0.due }.min()
    }

    /// Stops every load, waiting or running (end of the session).
    public func cancelAllLoads() {
        cancelPrefetchingForItems(at: running.map(\.item) + queue)
    }

    /// Moves the session clock to `time` (microseconds): loads due by then finish (reported to
    /// the delegate in batches of equal due time) and waiting loads take the freed loaders, each
    /// starting when its loader became free. Earlier times than the current one are ignored.
    public func advance(to time: Int64) {
        guard time >= self.time else { return }
        while let next = running.min(by: { $0.due < $1.due }), next.due <= time {
            let due = next.due
            var finished: [Int] = []
            running.removeAll { load in
                guard load.due == due else { return false }
                finished.append(load.item)
                return true
            }
            for item in finished { states[item] = .loaded }
            self.time = due
            startLoads(at: due)
            delegate?.dataStore(self, didLoadItems: finished, at: due)
        }
        self.time = time
        startLoads(at: time)
    }

    private func startLoads(at start: Int64) {
        while running.count < maximumConcurrentLoads, !queue.isEmpty {
            let item = queue.removeFirst()
            if urgentCount > 0 { urgentCount -= 1 }
            let due = start + loadDelay
            states[item] = .loading(due: due)
            running.append((item, due))
            startedLoadCount += 1
        }
    }
}
