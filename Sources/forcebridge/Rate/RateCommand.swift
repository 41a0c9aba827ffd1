import ArgumentParser
import Foundation
import ForceCore
import ForceDevices
import ForceRecording
import ForceSettings
import RatingOverlay

/// `forcebridge rate`: the EmojiRater overlay driven by force, from a recording or a live
/// stylus or touchscreen.
struct RateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rate",
        abstract: "Rate emoji with force: press to preview, press harder to rate, lift to cancel.",
        discussion: """
            A grid of emoji (four columns by three rows visible by default) whose data loads slowly and is \
            prefetched as the grid scrolls. Press a cell firmly: the rest fades and 👍 / 👎 appear; \
            press harder to commit the thumb under the pen (upper half of the cell 👍, lower half \
            👎); lift early to cancel. The whole device area maps to the visible grid. Ratings are \
            saved in $XDG_DATA_HOME/forcebridge/ratings.json.

            On a terminal the overlay is drawn full screen (arrows, j/k, Page Up/Down scroll; q \
            quits). With --headless, or when standard output is not a terminal, the session is \
            logged instead: the interaction, prefetch and cancel activity, and the final ratings.
            """
    )

    @Option(help: ArgumentHelp("Replay a recorded session (evemu) instead of a live device.", valueName: "FILE"))
    var replay: String?

    @Option(help: ArgumentHelp("Read a live stylus or touchscreen: a node (/dev/input/event5) or part of its name.", valueName: "DEVICE"))
    var device: String?

    @Option(help: ArgumentHelp("Play the peek and pop on a force-feedback device: a node, part of its name, or auto.", valueName: "DEVICE"))
    var haptics: String?

    @Option(help: ArgumentHelp("Replay speed: max, realtime, or a factor such as 2 or 0.5 (default: realtime on a terminal, max when headless).", valueName: "SPEED"))
    var speed: ReplaySpeed?

    @Flag(help: "Log the session instead of drawing it (automatic when standard output is not a terminal).")
    var headless = false

    @Option(help: "Log format when headless.")
    var format: RateLogFormat = .text

    @Option(help: ArgumentHelp("Seconds one cell's data takes to load.", valueName: "SECONDS"))
    var loadDelay: Double = 0.05

    @Option(help: ArgumentHelp("Loads that run at once.", valueName: "N"))
    var concurrentLoads: Int = 4

    @Option(help: ArgumentHelp("Columns of the grid.", valueName: "N"))
    var columns: Int = 4

    @Option(help: ArgumentHelp("Rows of the grid visible at once.", valueName: "N"))
    var rows: Int = 3

    @Option(help: ArgumentHelp("On a terminal, seconds to keep the final screen after the input ends (default: until q).", valueName: "SECONDS"))
    var linger: Double?

    @OptionGroup var calibration: CalibrationOptions

    func validate() throws {
        if replay != nil && device != nil { throw ValidationError("choose one input: --replay FILE or --device DEVICE") }
        if replay == nil && device == nil {
            throw ValidationError("rate needs an input: --replay FILE or --device DEVICE ('forcebridge list' shows devices)")
        }
        guard loadDelay.isFinite, loadDelay >= 0 else { throw ValidationError("--load-delay must be 0 or more seconds") }
        guard concurrentLoads >= 1 else { throw ValidationError("--concurrent-loads must be at least 1") }
        guard (1...16).contains(columns), (1...16).contains(rows) else { throw ValidationError("--columns and --rows must be 1 to 16") }
        if let linger, !(linger.isFinite && linger >= 0) { throw ValidationError("--linger must be 0 or more seconds") }
    }

    func run() throws {
        let isHeadless = headless || !TerminalSession.isOutputTerminal

        // The input: a recording, or a live device through the device layer's seam.
        let source: any InputEventSource
        var feedback: InteractionHaptics?
        do {
            if let device {
                source = try LiveDeviceSupport.openSource(path: device)
            } else {
                source = try RecordingEventSource(path: replay ?? "", speed: speed ?? (isHeadless ? .maximum : .realtime))
            }
            if let haptics { feedback = try LiveDeviceSupport.openFeedback(path: haptics) }
        } catch let error as RecordingError {
            throw CleanExit.failure("\(error)")
        } catch let error as DeviceError {
            throw CleanExit.failure("\(error)")
        }

        // Ratings from earlier sessions.
        let ratings = RatingStore(directory: XDGDirectories().data)
        do {
            if case .replacedCorruptFile(let reason, let aside) = try ratings.load() {
                OutputWriter.error("forcebridge: \(ratings.fileURL.path) was corrupt (\(reason)); moved it to \(aside) and started a new one")
            }
        } catch {
            throw CleanExit.failure("\(error)")
        }
        let previousRatings = ratings.ratings.count

        // The pipeline and the overlay on it.
        let deviceDescription = source.device
        let pipeline = try calibration.pipeline(for: deviceDescription, profiles: calibration.profileStore())
        pipeline.interaction.feedback = feedback
        (source as? LiveEventSource)?.pipeline = pipeline
        let store = EmojiDataStore(loadDelay: Int64((loadDelay * 1_000_000).rounded()), maximumConcurrentLoads: concurrentLoads)
        let overlay = RatingOverlay(
            pipeline: pipeline, store: store,
            layout: GridLayout(columns: columns, visibleRows: rows, itemCount: store.count),
            ratings: ratings.ratings)
        let persistence = RatingPersistence(store: ratings)
        overlay.observer = persistence

        if isHeadless {
            // Live input and paced replays are followed as they happen; a fast replay is written in blocks.
            let output = OutputWriter(flushesEachLine: source is LiveEventSource || (speed.map { $0 != .maximum } ?? false))
            let log = OverlayLog(overlay: overlay, format: format, output: output)
            persistence.next = log
            log.reportSetup(source: source.label, ratingsFile: ratings.fileURL.path, previousRatings: previousRatings)
            var failure: Error?
            do {
                // A live device ends on Ctrl-C or SIGTERM like a recording ends at its last event.
                try (source as? LiveEventSource)?.stopOnSignals()
                reading: while true {
                    switch try source.nextEvent(waitingAtMost: .milliseconds(100)) {
                    case .event(let event): overlay.process(event)
                    case .waiting: overlay.advance(to: source.currentTime())
                    case .finished: break reading
                    }
                }
            } catch {
                failure = error
            }
            overlay.finishInput()
            overlay.stopLoading()
            log.reportEnd(ratingsFile: ratings.fileURL.path, saved: persistence.savedCount)
            feedback?.close()
            if let failure { throw CleanExit.failure("\(failure)") }
        } else {
            let ui = TerminalUI(overlay: overlay, source: source, renderer: OverlayRenderer(title: deviceDescription.name), linger: linger)
            let completed: Bool
            do { completed = try ui.run() } catch { feedback?.close(); throw CleanExit.failure("\(error)") }
            feedback?.close()
            let rated = overlay.ratedItems.map { "\(store.catalogEmoji(at: $0.item) ?? "?") \($0.rating.symbol)" }
            let output = OutputWriter()
            output.line("Ratings: \(rated.isEmpty ? "none" : rated.joined(separator: ", "))"
                + (persistence.savedCount > 0 ? " (saved to \(ratings.fileURL.path))" : ""))
            if !completed { output.line("Stopped before the end of the input.") }
            output.flush()
        }
    }
}
