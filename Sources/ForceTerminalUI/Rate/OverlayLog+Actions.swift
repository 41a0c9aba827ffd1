import ForceCore
import ForceSession
import RatingOverlay

/// The overlay log's lines for haptics, the title bar and actions (peek actions and quick actions).
extension OverlayLog {
    /// The text of an action, title bar or haptic event.
    func actionText(_ kind: OverlayEvent.Kind) -> String {
        let store = overlay.store
        func emoji(_ item: Int) -> String { store.catalogEmoji(at: item) ?? "?" }
        func target(_ item: Int?) -> String { item.map { "on \(emoji($0)) (item \($0))" } ?? "from the title bar" }
        switch kind {
        case .scrolledToTop:
            return "scrolled to the top: heavy impact"
        case .thumbChanged(let rating):
            return "thumb under the touch: \(rating.symbol) (selection)"
        case .titleBarPressed:
            return "press on the title bar: quick actions at the peek"
        case .titleBarCancelled:
            return "title bar: no quick action"
        case .actionsRevealed(let item, let actions):
            return "actions \(target(item)): \(actions.map(\.title).joined(separator: " | "))"
        case .actionHighlighted(let index, let action):
            guard let index, let action else { return "action: none under the touch" }
            return "action \(index + 1): \(action.title) (selection)"
        case .actionsHidden:
            return "actions hidden: lift to cancel"
        case .actionPerformed(let item, let action):
            return "performed \(action.title) \(target(item))"
        case .ratingCleared(let item):
            return "rating of \(emoji(item)) cleared"
        case .ratingsCleared(let count):
            return "all ratings cleared (\(count))"
        case .nameCopied(let item, let name):
            return "copied the name of \(emoji(item)): \(name)"
        case .filterChanged(let ratedOnly):
            return ratedOnly ? "showing rated emoji only" : "showing every emoji"
        case .scrolled, .loadRequested, .prefetchRequested, .prefetchCancelled, .loaded, .pressBegan, .pressDeclined,
             .previewUpdated, .commitUpdated, .rated, .cancelled, .loadsStopped:
            return ""
        }
    }

    /// The JSON line of an action, title bar or haptic event.
    func actionLine(_ kind: OverlayEvent.Kind, seconds: Double) -> String {
        var line = JSONLine()
        func start(_ type: String) {
            line.string("type", type)
            line.number("time", seconds)
        }
        switch kind {
        case .scrolledToTop:
            start("scrolledToTop")
            line.string("haptic", "impact-heavy")
        case .thumbChanged(let rating):
            start("thumb")
            line.string("highlighted", rating.rawValue)
            line.string("haptic", "selection")
        case .titleBarPressed:
            start("titleBarPress")
        case .titleBarCancelled:
            start("titleBarCancel")
        case .actionsRevealed(let item, let actions):
            start("actions")
            line.int("item", item)
            line.raw("actions", "[" + actions.map { JSONText.quoted($0.identifier) }.joined(separator: ",") + "]")
        case .actionHighlighted(let index, let action):
            start("actionHighlighted")
            line.int("index", index)
            line.string("action", action?.identifier)
        case .actionsHidden:
            start("actionsHidden")
        case .actionPerformed(let item, let action):
            start("actionPerformed")
            line.int("item", item)
            line.string("action", action.identifier)
            line.string("title", action.title)
        case .ratingCleared(let item):
            start("ratingCleared")
            line.int("item", item)
        case .ratingsCleared(let count):
            start("ratingsCleared")
            line.int("count", count)
        case .nameCopied(let item, let name):
            start("nameCopied")
            line.int("item", item)
            line.string("name", name)
        case .filterChanged(let ratedOnly):
            start("filter")
            line.bool("ratedOnly", ratedOnly)
        case .scrolled, .loadRequested, .prefetchRequested, .prefetchCancelled, .loaded, .pressBegan, .pressDeclined,
             .previewUpdated, .commitUpdated, .rated, .cancelled, .loadsStopped:
            break
        }
        return line.line
    }
}
