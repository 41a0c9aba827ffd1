import ArgumentParser
import ForceCommandLine
import ForceCore
import ForceDevices
import ForcePlot
import ForceRecording
import ForceSession
import ForceSystem
import Glibc

/// `forcebridge replay FILE`: runs a recording through the pipeline and reports what happened.
struct ReplayCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a recorded session: touches with force, preview and commit events.",
        discussion: """
            Reads evemu, libinput record YAML and evtest logs (recognised by content; --device \
            chooses among the devices of a multi-device YAML recording). The recording's device \
            decides how contacts and pressure are read. Output is a console \
            log (text), one JSON object per line (jsonl: device, touch, interaction and summary \
            objects), or the summary line alone. Reports say what drives force (forceSource: \
            pressure, contactSize, or duration: on a touchscreen with neither pressure nor contact \
            size, a touch held still previews and commits, as iOS's Haptic Touch); --sensitivity \
            and --touch-duration choose how firm or how long.

            With --to-uinput the events also go into a new kernel virtual device, paced against \
            the recording's clock, so that other programs see the session as real input; the \
            report is the same as without it. Its node is announced on standard error \
            ("Created /dev/input/eventN ...") before the first event.
            """
    )

    @OptionGroup var recording: RecordingOptions

    @OptionGroup var pace: SpeedOption

    /// `replay --format`'s values.
    enum Formats: OutputFormats {
        static let formats: [(format: OutputFormat, description: String)] = [
            (.text, "A console log: touches begin and end, interaction progress, a summary."),
            (.jsonl, "One JSON object per line: device, touch, interaction and summary objects."),
            (.summary, "The summary line alone (JSON), for scripts and benchmarks."),
        ]
    }

    @OptionGroup var output: FormatOption<Formats>

    /// `-v`/`--verbose` (the shared logging flag): in text output, every touch update, not only
    /// begin and end.
    var verbose: Bool { logging.verbose > 0 }

    @Option(help: ArgumentHelp("Also draw the session as an SVG plot (see `forcebridge plot`).", valueName: "OUT.svg"))
    var plot: String?

    @OptionGroup var calibration: CalibrationOptions

    @OptionGroup var haptics: HapticsOption

    @OptionGroup(title: "Virtual device") var uinput: UinputReplayOptions

    func run() throws {
        let speed = pace.speed ?? .maximum
        let runtime = try SessionRuntime()
        // Into uinput, Ctrl-C and SIGTERM stop playback and remove the device: watched from the
        // start, before any other thread exists (threads inherit the blocked signals).
        var mirror: UinputMirrorSource?
        if uinput.isEnabled {
            try runtime.loop.handleSignals([SIGINT, SIGTERM]) { _ in
                runtime.stop()
                mirror?.stop()
            }
        }
        let plotDestination = try plot.map { try PlotDestination(path: $0, option: "--plot", allowsStandardOutput: false) }
        let (reader, warnings) = try recording.open()
        let pipeline = try calibration.pipeline(for: reader.description, profiles: calibration.profileStore())
        // A paced replay is followed as it happens; at maximum speed output is written in blocks.
        let format = self.output.resolved().sessionReport
        let output = Console.output(flushesEachLine: speed != .maximum)
        if let report = format.sink(output: output, verbose: verbose) { pipeline.attach(report) }
        let interactionHaptics = try haptics.open(on: runtime.loop)
        defer { interactionHaptics?.close() }
        if let interactionHaptics { pipeline.attach(interactionHaptics.sink) }
        let recorder = plotDestination.map { _ in SessionRecorder(attachingTo: pipeline) }
        let source: any RecordedInputSource
        if uinput.isEnabled {
            let made = try uinput.makeSource(for: reader, speed: speed)
            mirror = made
            source = made
        } else {
            // A user waits for this one replay: parse on a second processor when there is one.
            source = try RecordingSource(reader: reader, speed: speed, readsAhead: true)
        }
        let session = Session(replaying: source, through: pipeline, warnings: warnings)

        try runtime.start(session)
        try runtime.run()
        format.reportSummary(of: pipeline, to: output)
        warnings.report(source.warnings)
        if let plotDestination, let recorder { try plotDestination.write(recorder.session) }
        if let failure = session.failure, failure is DeviceError || failure is SystemError {
            try? mirror?.finish(hold: 0, on: runtime.loop)
            throw CommandFailure(failure)
        }
        if let mirror { try uinput.finish(mirror, hold: session.failure == nil ? uinput.holdSeconds : 0, on: runtime.loop) }
        if let failure = session.failure { throw CommandFailure(failure) }
    }
}
