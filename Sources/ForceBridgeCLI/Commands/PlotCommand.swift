import ArgumentParser
import ForceCommandLine
import ForceCore
import ForcePlot
import ForceSession

/// `forcebridge plot FILE -o OUT.svg`: draws a recorded session's force over time.
struct PlotCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw a recorded session as an SVG plot: force over time, thresholds, interaction phases, haptics.",
        discussion: """
            Replays the recording through the same pipeline as `replay` and draws each touch's force \
            (one colour per touch), the interaction thresholds and maximumPossibleForce, the preview, \
            commit, completed and cancelled phases as bands, touch-down and lift markers, and the \
            peek and pop haptics. Long sessions are thinned per pixel without losing peaks. The \
            subtitle and notes name the force source where it is not pressure: contact size (an \
            estimate), or duration (Haptic Touch: force is drawn at 1.0 and the bands show the \
            interaction following the time a touch is held still).

            With --twin it draws the recording's pressure as the device reported it and as its \
            twin ('forcebridge twin') would write it, in raw units, with the resting offset, tip \
            and full-pressure levels and the strokes; the twin's profile is the device's, changed \
            by --preset, --curve, --tip and --full.
            """
    )

    @OptionGroup var recording: RecordingOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the SVG ('-' for standard output).", valueName: "OUT.svg"))
    var output: String

    @Option(help: ArgumentHelp("Draw only this touch, with its interactions and haptics.", valueName: "ID"))
    var touch: Int?

    @Option(help: ArgumentHelp("Start of the time axis, in seconds since the session's first event.", valueName: "S"))
    var from: Double?

    @Option(help: ArgumentHelp("End of the time axis, in seconds since the session's first event.", valueName: "S"))
    var to: Double?

    @Option(help: ArgumentHelp("Image width in pixels.", valueName: "PX"))
    var width: Int = 960

    @Option(help: ArgumentHelp("Image height in pixels.", valueName: "PX"))
    var height: Int = 540

    @OptionGroup var calibration: CalibrationOptions

    @Flag(help: "Draw the pressure and what the device's twin makes of it, instead of force.")
    var twin = false

    @OptionGroup(title: "Twin (with --twin)") var twinProfile: TwinProfileOptions

    func validate() throws {
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, !(value.isFinite && value >= 0) {
                throw ValidationError("\(name) \(value): give seconds since the session's start, 0 or more")
            }
        }
        if let to, to <= from ?? 0 {
            throw ValidationError(from == nil
                ? "--to \(to): the end must come after the session's start (0)"
                : "--from \(from!) --to \(to): the start must come before the end")
        }
        let minimum = PlotOptions.minimumSize
        if !(minimum.width...PlotOptions.maximumSide).contains(width) {
            throw ValidationError("--width \(width): use \(minimum.width) to \(PlotOptions.maximumSide) pixels")
        }
        if !(minimum.height...PlotOptions.maximumSide).contains(height) {
            throw ValidationError("--height \(height): use \(minimum.height) to \(PlotOptions.maximumSide) pixels")
        }
        if !twin && !twinProfile.isEmpty { throw ValidationError("--preset, --curve, --tip and --full shape the twin: add --twin") }
        if twin && (touch != nil || from != nil || to != nil) { throw ValidationError("--twin draws the whole session: leave out --touch, --from and --to") }
    }

    func run() throws {
        let destination = try PlotDestination(path: output, option: "--output")
        if twin { return try plotTwin(to: destination) }
        let (reader, warnings) = try recording.open()
        let file = recording.file
        let pipeline = try calibration.pipeline(for: reader.description, profiles: calibration.profileStore())
        // A malformed line ends the session there; it is drawn as far as it goes, then reported.
        let (replay, recorder) = try Session.replay(reader, through: pipeline, warnings: warnings, readsAhead: true, endsAtMalformedLine: true) {
            SessionRecorder(attachingTo: $0.pipeline)
        }
        let session = recorder.session
        if let touch, session.touch(touch) == nil {
            let known = session.touches.map { String($0.identifier) }
            throw CommandFailure("--touch \(touch): no such touch in \(file); "
                + (known.isEmpty ? "it has no touches" : "its touches are \(known.joined(separator: ", "))"))
        }
        if let from, from >= session.duration, session.duration > 0 || from > 0 {
            throw CommandFailure("--from \(from): \(file) ends at \(NumberFormat.fixed(session.duration, decimals: 3)) s; start before that")
        }
        // A cut-off recording is still drawn as far as it goes, then reported.
        try destination.write(session, options: PlotOptions(width: width, height: height, from: from, to: to, touchIdentifier: touch))
        if let failure = replay.failure {
            throw CommandFailure("\(failure) (plotted up to there)")
        }
    }
}
