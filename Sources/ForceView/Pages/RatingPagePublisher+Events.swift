import ForceCore
import ForceSession
import RatingOverlay

extension RatingPagePublisher {
    /// The `view-rate-event` line of `event`: its time, its name (`event`) and what it names
    /// (`item`, `items`, `rating`, `progress`, `ended`, `action`, `reason`, `row`).
    static func eventLine(_ event: OverlayEvent, of overlay: RatingOverlay) -> JSONLine {
        var line = JSONLine()
        line.string("type", "view-rate-event")
        line.number("time", overlay.pipeline.relativeSeconds(event.time))
        func items(_ name: String, _ values: [Int]) {
            line.string("event", name)
            line.raw("items", "[" + values.map(String.init).joined(separator: ",") + "]")
        }
        switch event.kind {
        case .scrolled(let row):
            line.string("event", "scrolled")
            line.int("row", row)
        case .loadRequested(let values): items("loadRequested", values)
        case .prefetchRequested(let values): items("prefetchRequested", values)
        case .prefetchCancelled(let values): items("prefetchCancelled", values)
        case .loaded(let values): items("loaded", values)
        case .loadsStopped(let values): items("loadsStopped", values)
        case .pressBegan(let item):
            line.string("event", "pressBegan")
            line.int("item", item)
        case .pressDeclined(let item, let reason):
            line.string("event", "pressDeclined")
            line.int("item", item)
            line.string("reason", reason.rawValue)
        case .previewUpdated(let progress, let ended):
            line.string("event", "previewUpdated")
            line.number("progress", progress, decimals: 4)
            line.bool("ended", ended)
        case .commitUpdated(let progress, let ended, let highlighted):
            line.string("event", "commitUpdated")
            line.number("progress", progress, decimals: 4)
            line.bool("ended", ended)
            line.string("rating", highlighted.rawValue)
        case .rated(let item, let rating):
            line.string("event", "rated")
            line.int("item", item)
            line.string("rating", rating.rawValue)
        case .cancelled(let item):
            line.string("event", "cancelled")
            line.int("item", item)
        case .scrolledToTop: line.string("event", "scrolledToTop")
        case .thumbChanged(let rating):
            line.string("event", "thumbChanged")
            line.string("rating", rating.rawValue)
        case .titleBarPressed: line.string("event", "titleBarPressed")
        case .titleBarCancelled: line.string("event", "titleBarCancelled")
        case .actionsRevealed(let item, let actions):
            line.string("event", "actionsRevealed")
            line.int("item", item)
            line.int("count", actions.count)
        case .actionHighlighted(let index, let action):
            line.string("event", "actionHighlighted")
            line.int("index", index)
            line.string("action", action?.title)
        case .actionsHidden: line.string("event", "actionsHidden")
        case .actionPerformed(let item, let action):
            line.string("event", "actionPerformed")
            line.int("item", item)
            line.string("action", action.title)
        case .ratingCleared(let item):
            line.string("event", "ratingCleared")
            line.int("item", item)
        case .ratingsCleared(let count):
            line.string("event", "ratingsCleared")
            line.int("count", count)
        case .nameCopied(let item, let name):
            line.string("event", "nameCopied")
            line.int("item", item)
            line.string("name", name)
        case .filterChanged(let ratedOnly):
            line.string("event", "filterChanged")
            line.bool("ratedOnly", ratedOnly)
        }
        return line
    }
}
