import ForceCore
import ForceSession
import RatingOverlay

/// `rate`'s session: the rating overlay on a pipeline, driven by a source's input, its peek and
/// pop played on a haptic player, each rating saved as it is given. It is shown full screen
/// (`runOnTerminal`) or logged (`runLogged`).
package final class RatingSession {
    /// The overlay.
    package let overlay: RatingOverlay
    /// The session whose input drives it.
    package let session: Session
    /// Saves each rating as it is given (into the store the session began with).
    package let persistence: RatingPersistence
    private let store: EmojiDataStore
    private let previousRatings: Int

    /// The overlay over the emoji catalog, `columns` by `rows` cells visible, each cell's data
    /// taking `loadDelay` seconds to load with at most `concurrentLoads` loads at once; driven by
    /// `source` through `pipeline`, starting from the ratings in `ratings` and saving into it.
    package init(source: any InputSource, pipeline: InputPipeline, ratings: RatingStore, haptics: (any HapticPlayer)?,
                 columns: Int, rows: Int, loadDelay: Double, concurrentLoads: Int) {
        store = EmojiDataStore(loadDelay: Int64((loadDelay * 1_000_000).rounded()), maximumConcurrentLoads: concurrentLoads)
        overlay = RatingOverlay(
            pipeline: pipeline, store: store,
            layout: GridLayout(columns: columns, visibleRows: rows, itemCount: store.count),
            ratings: ratings.ratings)
        overlay.haptics = OverlayHaptics(player: haptics)
        previousRatings = ratings.ratings.count
        persistence = RatingPersistence(store: ratings)
        overlay.observer = persistence
        session = Session(source: source, pipeline: pipeline)
        // The overlay's clock is the session's: its loads finish on time, with input or without.
        session.schedule(overlay)
    }

    /// Where the input comes from, as `runLogged`'s log names it: a live device's node and name,
    /// a recording's path and format.
    package var sourceLabel: String {
        switch session.source {
        case let live as LiveDeviceSource: return "\(live.node) \"\(live.device.name)\""
        case let recording as RecordingSource: return "\(recording.path) (\(recording.format.rawValue))"
        default: return session.source.origin.name
        }
    }

    /// Runs the session to its end, logged to `output` in `format` (`source` says where the
    /// input comes from): see `OverlayLog.run`.
    package func runLogged(on runtime: SessionRuntime, format: OverlayLog.Format, output: TextOutput, source: String) throws {
        let log = OverlayLog(overlay: overlay, format: format, output: output)
        try log.run(session, on: runtime, source: source, ratings: persistence, previousRatings: previousRatings)
    }

    /// Runs the overlay full screen (`RatingOverlayTerminal`, keeping the final screen `linger`
    /// seconds) and returns what to print after it: the ratings given, where they were saved,
    /// and whether the user stopped before the input ended.
    package func runOnTerminal(on runtime: SessionRuntime, linger: Double?) throws -> [String] {
        let ui = RatingOverlayTerminal(overlay: overlay, session: session, renderer: OverlayRenderer(title: session.source.device.name), linger: linger)
        let completed = try ui.run(on: runtime)
        let rated = overlay.ratedItems.map { "\(store.catalogEmoji(at: $0.item) ?? "?") \($0.rating.symbol)" }
        var lines = ["Ratings: \(rated.isEmpty ? "none" : rated.joined(separator: ", "))"
            + (persistence.savedCount > 0 ? " (saved to \(persistence.store.fileURL.path))" : "")]
        if !completed { lines.append("Stopped before the end of the input.") }
        return lines
    }
}
