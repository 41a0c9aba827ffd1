import ForceCore
import ForceSession
import ForceTerminalUI
import RatingOverlay

/// Tells the rating page what the overlay shows and does. The overlay decides everything; the
/// page draws the state it receives:
/// - `view-rate` (kept for late clients), whenever the overlay's `revision` moved: the grid's
///   shape and top row, every cell's load state, emoji (once loaded) and rating, the phase, the
///   active cell, the fade and commit progress, the thumb under the touch, the actions shown and
///   the one under the touch, the last outcome, the filter;
/// - each `OverlayEvent` (loads, prefetches and their cancels, presses, ratings, actions) as the
///   line `forcebridge rate --headless --format jsonl` prints for it (`OverlayLog`), so the page
///   shows the data source at work in `rate`'s own words.
///
/// It hears the overlay after `RatingPersistence` (as its `next`) and the pipeline's frame ends,
/// after which the overlay has settled.
final class RatingPagePublisher: RatingOverlayObserver, SessionSink {
    private let broadcast: ViewBroadcast
    private weak var overlay: RatingOverlay?
    private let storePath: String
    private let log: OverlayLog
    private var publishedRevision = -1

    init(overlay: RatingOverlay, broadcast: ViewBroadcast, storePath: String) {
        self.overlay = overlay
        self.broadcast = broadcast
        self.storePath = storePath
        log = OverlayLog(overlay: overlay, format: .jsonl, output: TextOutput(broadcast, flushesEachLine: true))
    }

    func ratingOverlay(_ overlay: RatingOverlay, didRecord event: OverlayEvent) {
        log.ratingOverlay(overlay, didRecord: event)
        publishIfChanged()
    }

    /// Every frame's end: the overlay has settled then (a rating returns it to idle after its event).
    var receivesEveryFrame: Bool { true }

    func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        switch event {
        case .frameEnded, .deviceAdded, .deviceRemoved: publishIfChanged()
        case .frame, .interaction, .feedback: break
        }
    }

    /// Sends the state when it changed since it was last sent.
    func publishIfChanged() {
        guard let overlay, overlay.revision != publishedRevision else { return }
        publishedRevision = overlay.revision
        var line = Self.stateLine(of: overlay)
        line.string("store", storePath)
        broadcast.sendKeeping(line.line)
    }

    /// The `view-rate` line of `overlay`.
    static func stateLine(of overlay: RatingOverlay) -> JSONLine {
        let store = overlay.store
        var line = JSONLine()
        line.string("type", "view-rate")
        line.number("time", overlay.pipeline.relativeSeconds(overlay.time))
        line.int("columns", overlay.layout.columns)
        line.int("rows", overlay.layout.visibleRows)
        line.int("firstRow", overlay.firstVisibleRow)
        line.string("phase", overlay.phase.rawValue)
        line.int("active", overlay.activeItem)
        line.number("fade", overlay.fadeAmount, decimals: 4)
        line.number("commit", overlay.commitProgress, decimals: 4)
        line.string("highlighted", overlay.highlightedRating?.rawValue)
        line.bool("ratedOnly", overlay.showsRatedOnly)
        line.int("highlightedAction", overlay.highlightedActionIndex)
        line.raw("actions", "[" + overlay.actions.map { action in
            var entry = JSONLine()
            entry.string("title", action.title)
            entry.string("style", action.style.rawValue)
            return entry.line
        }.joined(separator: ",") + "]")
        line.raw("outcome", overlay.lastOutcome.map(outcomeObject) ?? "null")
        line.raw("cells", "[" + (0..<store.count).map { item in
            var cell = JSONLine()
            cell.int("item", item)
            cell.string("state", loadState(store.state(of: item)))
            cell.string("emoji", store.emoji(at: item))
            cell.string("rating", overlay.rating(of: item)?.rawValue)
            return cell.line
        }.joined(separator: ",") + "]")
        return line
    }

    private static func loadState(_ state: ItemLoadState) -> String {
        switch state {
        case .notLoaded: return "notLoaded"
        case .queued: return "queued"
        case .loading: return "loading"
        case .loaded: return "loaded"
        }
    }

    private static func outcomeObject(_ outcome: OverlayOutcome) -> String {
        var line = JSONLine()
        switch outcome {
        case .rated(let item, let rating):
            line.string("kind", "rated")
            line.int("item", item)
            line.string("rating", rating.rawValue)
        case .cancelled(let item):
            line.string("kind", "cancelled")
            line.int("item", item)
        case .performed(let item, let action):
            line.string("kind", "performed")
            line.int("item", item)
            line.string("action", action.title)
        case .titleBarCancelled:
            line.string("kind", "titleBarCancelled")
        }
        return line.line
    }
}
