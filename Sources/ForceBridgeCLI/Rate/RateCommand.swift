import ArgumentParser
import ForceCommandLine
import ForceDevices
import ForceRecording
import ForceSession
import ForceSystem
import ForceTerminalUI

/// `forcebridge rate`: the EmojiRater overlay driven by force, from a recording or a live
/// stylus or touchscreen.
struct RateCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "rate",
        abstract: "Rate emoji with force: press to preview, press harder to rate, lift to cancel.",
        discussion: """
            A grid of emoji (four columns by three rows visible by default) whose data loads slowly and is \
            prefetched as the grid scrolls. Press a cell firmly (on a touchscreen without pressure or \
            contact size: hold it still): the rest fades and 👍 / 👎 appear; \
            press harder (or keep holding) to commit the thumb under the pen (upper half of the cell 👍, lower half \
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

    @OptionGroup var haptics: HapticsOption

    @OptionGroup var pace: SpeedOption

    @Flag(help: "Log the session instead of drawing it (automatic when standard output is not a terminal).")
    var headless = false

    /// `rate --format`'s values.
    enum Formats: OutputFormats {
        static let formats: [(format: OutputFormat, description: String)] = [
            (.text, "A console log: the setup, the interaction, prefetch and cancel activity, the ratings and a summary."),
            (.jsonl, "The same as one JSON object per line."),
        ]
        static let abstract = "Log format when headless."
    }

    @OptionGroup var output: FormatOption<Formats>

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
        let isHeadless = headless || !Terminal.isOutputTerminal
        let runtime = try SessionRuntime()

        // The input: a recording, or a live device.
        let source: any InputSource = try CommandFailure.advising {
            if let device { return try LiveDeviceSource(try DeviceQuery(argument: device).resolve(allowNonTouch: false)) }
            return try RecordingSource(path: replay ?? "", speed: speed ?? (isHeadless ? .maximum : .realtime))
        }
        let feedback = try haptics.open(on: runtime.loop)
        defer { feedback?.close() }

        // Ratings from earlier sessions; the pipeline and the overlay on it.
        let ratings = try RatingsCommand.openStore()
        let pipeline = try calibration.pipeline(for: source.device, profiles: calibration.profileStore())
        if let feedback { pipeline.attach(feedback.sink) }
        let rating = RatingSession(source: source, pipeline: pipeline, ratings: ratings, haptics: feedback?.engine,
                                   columns: columns, rows: rows, loadDelay: loadDelay, concurrentLoads: concurrentLoads)
        rating.persistence.saveDidFail = { Console.error("forcebridge: cannot save the rating: \($0)") }

        // Live input and paced replays are followed as they happen; a fast replay is written in blocks.
        let log = Console.output(flushesEachLine: !source.runsInVirtualTime)
        let lines = try CommandFailure.reporting {
            try rating.run(on: runtime, headless: isHeadless, format: output.resolved() == .jsonl ? .jsonl : .text, log: log, linger: linger)
        }
        for line in lines { log.line(line) }
        log.flush()
    }

    private var speed: ReplaySpeed? { pace.speed }
}
