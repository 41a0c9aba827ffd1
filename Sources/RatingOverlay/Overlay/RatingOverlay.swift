import ForceCore

/// The EmojiRater overlay: a grid of emoji rated with force.
///
/// Pressing a loaded cell firmly begins a preview: the rest of the grid fades with the preview
/// progress and 👍 / 👎 appear over the cell. When the preview ends ("peek"), pressing harder
/// runs the commit transition; the thumb under the touch (upper half of the cell 👍, lower half
/// 👎) is highlighted, and when the commit ends ("pop") that rating is saved on the cell. Lifting
/// before that cancels and restores everything.
///
/// A peek carries the cell's actions (rate 👍, rate 👎, clear the rating, copy the emoji's name):
/// sliding up after the peek reveals them, lifting on one performs it. A firm press on the title
/// bar (the top twelfth of the device, a second interaction in front of the cells) offers the
/// quick actions (`TitleBarShortcuts`). Scrolling to the top plays a heavy impact and the thumb
/// changing under the touch during the commit a selection tick (`haptics`).
///
/// The overlay is the `PreviewInteractionDelegate` of the pipeline it is given: it declines a
/// press by answering `previewInteractionShouldBegin` false (outside the grid, on a cell still
/// loading, at the end of a scroll), which it reports as `pressDeclined`, and the pipeline's
/// sinks never hear of the press. It follows each frame's touches through a sink of its own, and
/// is the delegate of its data store. It scrolls by rows, from keys
/// (`scroll(by:)`) or from a drag that moves a whole row before pressing hard enough to preview;
/// after each scroll it asks the store for the newly visible cells, prefetches the rows ahead
/// and cancels loads it scrolled away from. Everything it does is reported to `observer`.
///
/// On a touchscreen without force the interaction follows the time a touch is held still
/// (Haptic Touch): holding a cell previews it, holding on rates it; each interaction call moves
/// the clock to the interaction's own time first.
///
/// The overlay runs on the session clock (see `EmojiDataStore`): it is time-driven, a part the
/// session schedules beside its pipeline (`Session.schedule(_:)`), which advances it to each
/// frame's time before the frame and to its loads' deadlines between frames. It starts with the
/// input, at the first event's time. A frame allocates nothing unless a scroll or a finished
/// load changes which cells are requested.
public final class RatingOverlay: TimeDriven {
    /// The input pipeline whose interaction drives the overlay.
    public let pipeline: InputPipeline
    /// The cells' data.
    public let store: EmojiDataStore
    /// The grid shape and touch calibration.
    public let layout: GridLayout
    /// Hears everything the overlay does.
    public weak var observer: (any RatingOverlayObserver)?
    /// Plays the scroll-to-top impact and the thumb's selection ticks; nil plays nothing.
    public var haptics: OverlayHaptics?
    /// The title bar's interaction (quick actions), in front of the cells' `pipeline.interaction`.
    public let titleBar: PreviewInteraction
    /// The title bar's delegate: supplies and performs the quick actions.
    public let shortcuts: TitleBarShortcuts

    /// The session clock, in microseconds.
    public internal(set) var time: Int64 = 0
    /// Whether the session has started (the first cells were requested).
    public internal(set) var isStarted = false
    /// The top visible row of the grid.
    public internal(set) var firstVisibleRow = 0
    /// Where the interaction is.
    public internal(set) var phase = OverlayPhase.idle
    /// The cell being previewed or committed.
    public internal(set) var activeItem: Int?
    /// How far the rest of the grid has faded, 0...1 (the preview progress; 1 during commit).
    public internal(set) var fadeAmount = 0.0
    /// The commit progress, 0...1.
    public internal(set) var commitProgress = 0.0
    /// The thumb under the touch during the commit transition.
    public internal(set) var highlightedRating: Rating?
    /// How the last interaction ended (until the next one begins).
    public internal(set) var lastOutcome: OverlayOutcome?
    /// Increases whenever anything on screen changes; renderers redraw when it moves.
    public internal(set) var revision = 0
    /// The actions shown (a peek's or the title bar's), in order; empty when none are.
    public internal(set) var actions: [PreviewAction] = []
    /// The index in `actions` of the action under the touch.
    public internal(set) var highlightedActionIndex: Int?
    /// Whether only rated emoji are shown (the "Show rated only" quick action).
    public internal(set) var showsRatedOnly = false

    var ratingsByItem: [Rating?]
    /// The generator behind "Jump to a random emoji" (the same jumps on every replay).
    var random = SplitMix(seed: 0x9E37_79B9_7F4A_7C15)

    private var activeVisibleRow = 0
    private var scrollDirection = 1
    private var requestedItems: Set<Int> = []
    private var visibleItems: Set<Int> = []
    private var gestureTouch: Int?
    private var gestureAnchor = 0.0
    private var gestureScrolled = false
    private var gestureInteracted = false

    /// Creates an overlay driven by `pipeline` and becomes its delegate, a sink of its frames and
    /// `store`'s delegate.
    /// - Parameters:
    ///   - layout: the grid shape (default 4 × 3 visible); its item count is the store's.
    ///   - ratings: ratings given earlier, by emoji.
    public init(pipeline: InputPipeline, store: EmojiDataStore = EmojiDataStore(), layout: GridLayout? = nil, ratings: [String: Rating] = [:]) {
        self.pipeline = pipeline
        self.store = store
        var layout = layout ?? GridLayout()
        layout.itemCount = store.count
        self.layout = layout
        ratingsByItem = (0..<store.count).map { item in store.catalogEmoji(at: item).flatMap { ratings[$0] } }
        requestedItems.reserveCapacity(store.count)
        titleBar = PreviewInteraction(configuredLike: pipeline.interaction)
        titleBar.region = .top(1.0 / 12)
        titleBar.actionLayout = .quickActions
        shortcuts = TitleBarShortcuts()
        shortcuts.overlay = self
        pipeline.delegate = self
        pipeline.addInteraction(titleBar, delegate: shortcuts)
        pipeline.attach(FrameTracker(overlay: self))
        store.delegate = self
    }

    // MARK: - Driving

    /// Starts the session at `time`: the visible cells load, the rows below are prefetched.
    /// `advance(to:)` starts it at the first event's time once the pipeline has seen input, when
    /// this was not called.
    public func start(at time: Int64) {
        guard !isStarted else { return }
        isStarted = true
        self.time = time
        store.advance(to: time)
        updateRequests()
        revision += 1
    }

    /// When a load finishes next: its due time, or just after the clock's time for a load due
    /// by then (one asked for at this very moment without a delay), which finishes once the clock
    /// moves on; nil when nothing loads or before the start.
    public var nextDeadline: Int64? {
        guard isStarted, let due = store.nextDue else { return nil }
        return max(due, time + 1)
    }

    /// Moves the session clock (microseconds) so loads due by then finish; first starts the
    /// session at the first event's time when the pipeline has seen input and it was not started.
    public func advance(to time: Int64) {
        if !isStarted, let origin = pipeline.timeOrigin { start(at: origin) }
        guard time > self.time else { return }
        self.time = time
        store.advance(to: time)
    }

    /// Scrolls by `rows` (positive shows rows further down), clamped to the grid. Ignored while
    /// a cell is previewed or committed. Returns whether the grid moved.
    @discardableResult
    public func scroll(by rows: Int) -> Bool {
        guard phase == .idle, rows != 0 else { return false }
        let target = min(max(firstVisibleRow + rows, 0), layout.maximumFirstRow)
        guard target != firstVisibleRow else { return false }
        firstVisibleRow = target
        scrollDirection = rows > 0 ? 1 : -1
        record(.scrolled(firstRow: target))
        if target == 0 {
            // UIKit's scrollViewDidScrollToTop, where EmojiRater plays a heavy impact.
            record(.scrolledToTop)
            haptics?.scrollToTop.impactOccurred()
        }
        updateRequests()
        revision += 1
        return true
    }

    /// Cancels every pending load (end of the session).
    public func stopLoading() {
        let pending = store.loadingItems + store.queuedItems
        guard !pending.isEmpty else { return }
        store.cancelAllLoads()
        requestedItems.subtract(pending)
        record(.loadsStopped(items: pending))
        revision += 1
    }

    // MARK: - State for display

    /// The rating of `item`, if it has one.
    public func rating(of item: Int) -> Rating? {
        ratingsByItem.indices.contains(item) ? ratingsByItem[item] : nil
    }

    /// Every rating, by emoji.
    public var ratingsByEmoji: [String: Rating] {
        var result: [String: Rating] = [:]
        for (item, rating) in ratingsByItem.enumerated() {
            if let rating, let emoji = store.catalogEmoji(at: item) { result[emoji] = rating }
        }
        return result
    }

    /// The rated items with their ratings, in grid order.
    public var ratedItems: [(item: Int, rating: Rating)] {
        ratingsByItem.enumerated().compactMap { item, rating in rating.map { (item, $0) } }
    }

    // MARK: - Requests

    /// Asks the store for what the window now needs: visible cells now, the prefetch rows ahead
    /// (nearest first), and cancels pending loads of cells that left the window. Cancels go
    /// last so the loaders they free take the most urgent work.
    private func updateRequests() {
        var visible: [Int] = []
        for row in firstVisibleRow..<(firstVisibleRow + layout.visibleRows) {
            for column in 0..<layout.columns {
                if let item = layout.item(row: row, column: column) { visible.append(item) }
            }
        }
        var ahead: [Int] = []
        for distance in 0..<layout.prefetchRows {
            let row = scrollDirection > 0 ? firstVisibleRow + layout.visibleRows + distance : firstVisibleRow - 1 - distance
            for column in 0..<layout.columns {
                if let item = layout.item(row: row, column: column) { ahead.append(item) }
            }
        }
        let wanted = Set(visible).union(ahead)

        // Newly visible cells not loaded yet: load now (prefetched ones still waiting move up).
        let toLoad = visible.filter { item in
            let state = store.state(of: item)
            return state == .notLoaded || (state == .queued && !visibleItems.contains(item))
        }
        if !toLoad.isEmpty {
            store.loadItems(at: toLoad)
            record(.loadRequested(items: toLoad))
        }
        let toPrefetch = ahead.filter { store.state(of: $0) == .notLoaded }
        if !toPrefetch.isEmpty {
            store.prefetchItems(at: toPrefetch)
            record(.prefetchRequested(items: toPrefetch))
        }
        let toCancel = requestedItems.subtracting(wanted).filter { store.state(of: $0).isPending }.sorted()
        if !toCancel.isEmpty {
            store.cancelPrefetchingForItems(at: toCancel)
            record(.prefetchCancelled(items: toCancel))
        }
        requestedItems = requestedItems.intersection(wanted).union(toLoad).union(toPrefetch)
        visibleItems = Set(visible)
    }

    // MARK: - Interaction

    func record(_ kind: OverlayEvent.Kind, at time: Int64? = nil) {
        observer?.ratingOverlay(self, didRecord: OverlayEvent(time: time ?? self.time, kind: kind))
    }

    private func decline(_ item: Int?, _ reason: OverlayEvent.DeclineReason) -> Bool {
        record(.pressDeclined(item: item, reason: reason))
        return false
    }

    func returnToIdle(with outcome: OverlayOutcome) {
        lastOutcome = outcome
        phase = .idle
        activeItem = nil
        fadeAmount = 0
        commitProgress = 0
        highlightedRating = nil
        actions = []
        highlightedActionIndex = nil
        revision += 1
    }

    private func ratingUnderTouch(_ interaction: PreviewInteraction) -> Rating? {
        interaction.location(in: layout.visibleRect).map { layout.rating(at: $0, inVisibleRow: activeVisibleRow) }
    }

    private func gridY(of touch: Touch) -> Double? {
        pipeline.interaction.area.map { Double($0.map(x: touch.x, y: touch.y, into: layout.visibleRect).y) }
    }
}

// MARK: - PreviewInteractionDelegate

extension RatingOverlay: PreviewInteractionDelegate {
    public func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool {
        advance(to: previewInteraction.timestamp)
        guard let point = previewInteraction.location(in: layout.visibleRect) else { return decline(nil, .noCell) }
        let cell = layout.visibleCell(at: point)
        guard let item = layout.item(row: firstVisibleRow + cell.row, column: cell.column) else { return decline(nil, .noCell) }
        if gestureScrolled, previewInteraction.touch?.identifier == gestureTouch { return decline(item, .scrolling) }
        guard store.state(of: item) == .loaded else { return decline(item, .loading) }
        gestureInteracted = true
        activeItem = item
        activeVisibleRow = cell.row
        phase = .preview
        fadeAmount = 0
        commitProgress = 0
        highlightedRating = nil
        lastOutcome = nil
        revision += 1
        record(.pressBegan(item: item))
        return true
    }

    public func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdatePreviewTransition transitionProgress: Double, ended: Bool) {
        advance(to: previewInteraction.timestamp)
        guard phase == .preview, activeItem != nil else { return }
        fadeAmount = ended ? 1 : transitionProgress
        if ended {
            phase = .commit
            highlightedRating = ratingUnderTouch(previewInteraction)
        }
        revision += 1
        record(.previewUpdated(progress: transitionProgress, ended: ended))
    }

    public func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdateCommitTransition transitionProgress: Double, ended: Bool) {
        advance(to: previewInteraction.timestamp)
        guard phase == .commit, let item = activeItem else { return }
        commitProgress = transitionProgress
        let rating = ratingUnderTouch(previewInteraction) ?? highlightedRating ?? .up
        highlightedRating = rating
        revision += 1
        record(.commitUpdated(progress: transitionProgress, ended: ended, highlighted: rating))
        if ended {
            ratingsByItem[item] = rating
            record(.rated(item: item, rating: rating))
            returnToIdle(with: .rated(item: item, rating: rating))
        }
    }

    public func previewInteractionDidCancel(_ previewInteraction: PreviewInteraction) {
        advance(to: previewInteraction.timestamp)
        guard let item = activeItem, phase != .shortcuts else { return }
        record(.cancelled(item: item))
        returnToIdle(with: .cancelled(item: item))
    }
}

// MARK: - Frames

/// Hands each frame to the overlay (holding it weakly: the overlay owns the pipeline, which keeps
/// its sinks).
private final class FrameTracker: SessionSink {
    weak var overlay: RatingOverlay?

    init(overlay: RatingOverlay) { self.overlay = overlay }

    func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        if case .frame(_, let touches) = event { overlay?.track(touches) }
    }
}

extension RatingOverlay {
    /// Tracks the scroll gesture and keeps the highlighted thumb under the touch between commit
    /// updates. Runs before the frame reaches the interaction.
    fileprivate func track(_ touches: [Touch]) {
        for touch in touches {
            if gestureTouch == nil {
                guard touch.phase == .began, touch.tool != .palm, phase == .idle, let y = gridY(of: touch) else { continue }
                gestureTouch = touch.identifier
                gestureAnchor = y
                gestureScrolled = false
                gestureInteracted = false
                continue
            }
            guard touch.identifier == gestureTouch else { continue }
            if touch.phase.isTerminal {
                gestureTouch = nil
                gestureScrolled = false
                gestureInteracted = false
                continue
            }
            switch phase {
            case .idle:
                guard !gestureInteracted, let y = gridY(of: touch) else { continue }
                let rows = Int(y - gestureAnchor)
                guard rows != 0 else { continue }
                gestureAnchor += Double(rows)
                if scroll(by: -rows) { gestureScrolled = true }
            case .commit:
                guard let area = pipeline.interaction.area else { continue }
                let point = area.map(x: touch.x, y: touch.y, into: layout.visibleRect)
                let rating = layout.rating(at: point, inVisibleRow: activeVisibleRow)
                if rating != highlightedRating {
                    highlightedRating = rating
                    revision += 1
                    // The selection changed: a tick, coalesced by the generator.
                    record(.thumbChanged(rating))
                    haptics?.thumbSelection.selectionChanged()
                }
            case .preview, .actions, .actionsHidden, .shortcuts:
                continue
            }
        }
    }
}
