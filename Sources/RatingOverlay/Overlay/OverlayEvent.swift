import ForceCore

/// Something the rating overlay did, for logs and tests.
public struct OverlayEvent: Hashable, Sendable {
    /// Why a press did not start a preview.
    public enum DeclineReason: String, Hashable, Sendable {
        /// The touch is not over a cell (past the last item).
        case noCell = "no cell there"
        /// The cell's data is still loading.
        case loading = "still loading"
        /// The touch is scrolling the grid.
        case scrolling = "scrolling"
    }

    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// The grid scrolled; `firstRow` is now the top visible row.
        case scrolled(firstRow: Int)
        /// Visible cells whose data is needed now were queued ahead of prefetches.
        case loadRequested(items: [Int])
        /// `prefetchItems(at:)` was called with `items`, most urgent first.
        case prefetchRequested(items: [Int])
        /// `cancelPrefetchingForItems(at:)` was called with `items` (loads still pending).
        case prefetchCancelled(items: [Int])
        /// The data of `items` finished loading.
        case loaded(items: [Int])
        /// A press on `item` began a preview (`shouldBegin` returned true).
        case pressBegan(item: Int)
        /// A press did not begin a preview; `item` is the cell under it, if any.
        case pressDeclined(item: Int?, reason: DeclineReason)
        /// The preview transition progressed: the rest of the grid fades by `progress`.
        case previewUpdated(progress: Double, ended: Bool)
        /// The commit transition progressed with `highlighted` under the touch.
        case commitUpdated(progress: Double, ended: Bool, highlighted: Rating)
        /// `item` was rated.
        case rated(item: Int, rating: Rating)
        /// The interaction on `item` was cancelled; everything is as before.
        case cancelled(item: Int)
        /// Loads still pending when the session stopped were cancelled.
        case loadsStopped(items: [Int])
        /// The grid reached the top row by scrolling (keys, a drag or a quick action): a heavy
        /// impact.
        case scrolledToTop
        /// The thumb under the touch changed during the commit: a selection tick.
        case thumbChanged(Rating)
        /// A firm press on the title bar began (its quick actions appear at the peek).
        case titleBarPressed
        /// The press on the title bar ended without a quick action.
        case titleBarCancelled
        /// `actions` appeared: a peek's on `item`, or the title bar's quick actions (nil).
        case actionsRevealed(item: Int?, actions: [PreviewAction])
        /// The touch moved onto `actions[index]`, or off every action (nil).
        case actionHighlighted(index: Int?, action: PreviewAction?)
        /// The peek's actions hid again (the touch slid back).
        case actionsHidden
        /// `action` was performed, on `item` (a peek's action) or from the title bar (nil); what
        /// it did follows as its own events.
        case actionPerformed(item: Int?, action: PreviewAction)
        /// `item`'s rating was removed.
        case ratingCleared(item: Int)
        /// Every rating was removed (`count` of them).
        case ratingsCleared(count: Int)
        /// `item`'s name was copied.
        case nameCopied(item: Int, name: String)
        /// Only rated emoji are shown (`ratedOnly`), or all again.
        case filterChanged(ratedOnly: Bool)
    }

    /// When, in microseconds of the session clock.
    public var time: Int64
    /// What.
    public var kind: Kind

    /// Creates an event.
    public init(time: Int64, kind: Kind) {
        self.time = time
        self.kind = kind
    }
}
