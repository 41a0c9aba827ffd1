import ForceCore
import RatingOverlay
import ForceSession

/// Reports a rating session as text or JSON lines: the setup, every overlay event (interaction
/// log, prefetch and cancel activity, finished loads, ratings), the final ratings and a summary.
package final class OverlayLog: RatingOverlayObserver {
    /// How the log is written.
    package enum Format: Sendable {
        /// A console log for people.
        case text
        /// One JSON object per line.
        case jsonl
    }

    package let format: Format
    package let output: TextOutput
    package unowned let overlay: RatingOverlay

    package init(overlay: RatingOverlay, format: Format, output: TextOutput) {
        self.overlay = overlay
        self.format = format
        self.output = output
    }

    /// The first lines: the grid, the source and the ratings file.
    package func reportSetup(source: String, ratingsFile: String, previousRatings: Int) {
        let layout = overlay.layout
        let store = overlay.store
        let device = overlay.pipeline.device
        switch format {
        case .jsonl:
            var line = JSONLine()
            line.string("type", "overlay")
            line.int("items", layout.itemCount)
            line.int("columns", layout.columns)
            line.int("visibleRows", layout.visibleRows)
            line.int("rows", layout.rowCount)
            line.int("prefetchRows", layout.prefetchRows)
            line.number("loadDelay", Double(store.loadDelay) / 1_000_000)
            line.int("concurrentLoads", store.maximumConcurrentLoads)
            line.string("source", source)
            line.string("name", device.name)
            line.string("kind", device.kind.rawValue)
            line.bool("forceAvailable", overlay.pipeline.forceModel.isAvailable)
            line.string("forceSource", overlay.pipeline.forceModel.forceSource.rawValue)
            line.string("ratingsFile", ratingsFile)
            line.int("previousRatings", previousRatings)
            output.line(line.line)
        case .text:
            output.line("Rating overlay: \(layout.itemCount) emoji, \(layout.columns) columns, \(layout.visibleRows) of \(layout.rowCount) rows visible, "
                + "\(layout.prefetchRows) prefetched ahead; loads take \(fixed(Double(store.loadDelay) / 1_000_000, 2)) s, \(store.maximumConcurrentLoads) at once")
            output.line("Source: \(source): \"\(device.name)\" (\(device.kind.rawValue)), whole device area mapped to the visible grid")
            if let hapticTouch = DeviceReport.hapticTouchSummary(overlay.pipeline.interaction) {
                output.line("\(hapticTouch): hold a cell still to preview, keep holding to rate")
            } else if overlay.pipeline.forceModel.isEstimated {
                output.line("Force is estimated from contact size (no pressure axis): press a cell with more of your finger to rate")
            }
            output.line("Ratings file: \(ratingsFile) (\(previousRatings == 0 ? "no ratings yet" : plural(previousRatings, "rating", "ratings")))")
        }
    }

    package func ratingOverlay(_ overlay: RatingOverlay, didRecord event: OverlayEvent) {
        let seconds = overlay.pipeline.relativeSeconds(event.time)
        switch format {
        case .jsonl: output.line(jsonLine(event.kind, seconds: seconds))
        case .text: output.line(timestamp(seconds) + text(event.kind))
        }
    }

    /// The last lines: every rating (this session's and earlier ones) and a summary.
    package func reportEnd(ratingsFile: String, saved: Int) {
        let rated = overlay.ratedItems
        let summary = overlay.pipeline.summary
        let store = overlay.store
        switch format {
        case .jsonl:
            var line = JSONLine()
            line.string("type", "ratings")
            let entries = rated.map { "\(JSONText.quoted(store.catalogEmoji(at: $0.item) ?? "")):\(JSONText.quoted($0.rating.rawValue))" }
            line.raw("ratings", "{" + entries.joined(separator: ",") + "}")
            line.int("saved", saved)
            line.string("file", ratingsFile)
            output.line(line.line)
            var summaryLine = JSONLine()
            summaryLine.string("type", "summary")
            summaryLine.int("events", summary.events)
            summaryLine.int("frames", summary.frames)
            summaryLine.int("touches", summary.touches)
            summary.interactions.addSummaryMembers(to: &summaryLine)
            summaryLine.int("loadsStarted", store.startedLoadCount)
            summaryLine.int("loadsStopped", store.stoppedLoadCount)
            output.line(summaryLine.line)
        case .text:
            let list = rated.map { "\(store.catalogEmoji(at: $0.item) ?? "?") \($0.rating.symbol)" }
            output.line("Ratings: \(list.isEmpty ? "none" : list.joined(separator: ", "))\(saved > 0 ? " (saved to \(ratingsFile))" : "")")
            output.line("Summary: \(summary.events) events, \(summary.frames) frames, \(plural(summary.touches, "touch", "touches")), "
                + summary.interactions.summaryText
                + "; \(plural(store.startedLoadCount, "load", "loads")) started, \(store.stoppedLoadCount) stopped")
        }
        output.flush()
    }

    // MARK: - Text

    private func text(_ kind: OverlayEvent.Kind) -> String {
        let store = overlay.store
        func emoji(_ item: Int) -> String { store.catalogEmoji(at: item) ?? "?" }
        func list(_ items: [Int]) -> String { items.map(String.init).joined(separator: " ") }
        switch kind {
        case .scrolled(let row):
            let last = min(row + overlay.layout.visibleRows, overlay.layout.rowCount)
            return "scroll: rows \(row + 1)-\(last) visible"
        case .loadRequested(let items):
            return "load \(list(items)) (visible now)"
        case .prefetchRequested(let items):
            return "prefetch \(list(items))"
        case .prefetchCancelled(let items):
            return "cancel prefetching \(list(items))"
        case .loaded(let items):
            return "loaded \(list(items)): \(items.map(emoji).joined(separator: " "))"
        case .pressBegan(let item):
            let layout = overlay.layout
            return "press \(emoji(item)) (item \(item), row \(layout.row(of: item) + 1), column \(layout.column(of: item) + 1)): preview begins"
        case .pressDeclined(let item, let reason):
            return "press \(item.map { "on \(emoji($0)) (item \($0))" } ?? "outside the grid") not begun: \(reason.rawValue)"
        case .previewUpdated(let progress, let ended):
            return ended ? "preview ended (peek): the grid has faded" : "preview \(progressText(progress))"
        case .commitUpdated(let progress, let ended, let rating):
            return ended ? "commit ended (pop) on \(rating.symbol)" : "commit \(progressText(progress)) on \(rating.symbol)"
        case .rated(let item, let rating):
            return "rated \(emoji(item)) \(rating.symbol)"
        case .cancelled(let item):
            return "cancelled: \(emoji(item)) unchanged"
        case .loadsStopped(let items):
            return "end: stopped loads \(list(items))"
        default:
            return actionText(kind)
        }
    }

    private func timestamp(_ seconds: Double) -> String {
        let text = fixed(seconds, 3)
        return String(repeating: " ", count: max(0, 8 - text.count)) + text + " s  "
    }

    /// Two decimals, rounded down (0.996 reads 0.99: never 1.00 before the transition ended).
    private func progressText(_ progress: Double) -> String {
        fixed((progress * 100).rounded(.down) / 100, 2)
    }

    // MARK: - JSON lines

    private func jsonLine(_ kind: OverlayEvent.Kind, seconds: Double) -> String {
        var line = JSONLine()
        func items(_ type: String, _ items: [Int]) {
            line.string("type", type)
            line.number("time", seconds)
            line.raw("items", "[" + items.map(String.init).joined(separator: ",") + "]")
        }
        switch kind {
        case .scrolled(let row):
            line.string("type", "scroll")
            line.number("time", seconds)
            line.int("firstRow", row)
        case .loadRequested(let list): items("load", list)
        case .prefetchRequested(let list): items("prefetch", list)
        case .prefetchCancelled(let list): items("cancelPrefetching", list)
        case .loaded(let list): items("loaded", list)
        case .loadsStopped(let list): items("loadsStopped", list)
        case .pressBegan(let item):
            line.string("type", "press")
            line.number("time", seconds)
            line.int("item", item)
            line.string("emoji", overlay.store.catalogEmoji(at: item))
            line.int("row", overlay.layout.row(of: item))
            line.int("column", overlay.layout.column(of: item))
        case .pressDeclined(let item, let reason):
            line.string("type", "pressDeclined")
            line.number("time", seconds)
            line.int("item", item)
            line.string("reason", reason.rawValue)
        case .previewUpdated(let progress, let ended):
            line.string("type", "preview")
            line.number("time", seconds)
            line.number("progress", progress, decimals: 4)
            line.bool("ended", ended)
        case .commitUpdated(let progress, let ended, let rating):
            line.string("type", "commit")
            line.number("time", seconds)
            line.number("progress", progress, decimals: 4)
            line.bool("ended", ended)
            line.string("highlighted", rating.rawValue)
        case .rated(let item, let rating):
            line.string("type", "rated")
            line.number("time", seconds)
            line.int("item", item)
            line.string("emoji", overlay.store.catalogEmoji(at: item))
            line.string("rating", rating.rawValue)
        case .cancelled(let item):
            line.string("type", "cancel")
            line.number("time", seconds)
            line.int("item", item)
        default:
            return actionLine(kind, seconds: seconds)
        }
        return line.line
    }
}
