import ArgumentParser
import Foundation
import ForceCore
import ForceDevices
import ForcePlot
import ForceRecording

extension ReplaySpeed: ExpressibleByArgument {}

/// `forcebridge replay FILE`: runs a recording through the pipeline and reports what happened.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a recorded session: touches with force, preview and commit events.",
        discussion: """
            Reads evemu, libinput record YAML and evtest logs (recognised by content; --device \
            chooses among the devices of a multi-device YAML recording). The recording's device \
            decides how contacts and pressure are read. Output is a console \
            log (text), one JSON object per line (jsonl: device, touch, interaction and summary \
            objects), or the summary line alone.

            With --to-uinput the events also go into a new kernel virtual device, paced against \
            the recording's clock, so that other programs see the session as real input; the \
            report is the same as without it. Its node is announced on standard error \
            ("Created /dev/input/eventN ...") before the first event.
            """
    )

    @OptionGroup var recording: RecordingOptions

    @Option(help: ArgumentHelp("max (as fast as possible), realtime, or a factor such as 2 or 0.5.", valueName: "SPEED"))
    var speed: ReplaySpeed = .maximum

    @Option(help: "Output format.")
    var format: OutputFormat = .text

    @Flag(name: .shortAndLong, help: "In text output, show every touch update, not only begin and end.")
    var verbose = false

    @Option(help: ArgumentHelp("Also draw the session as an SVG plot (see `forcebridge plot`).", valueName: "OUT.svg"))
    var plot: String?

    @OptionGroup var calibration: CalibrationOptions

    @Option(help: ArgumentHelp("Play the peek and pop on a force-feedback device (a node, part of a name, or auto); feel them at the recorded moments with --speed realtime.", valueName: "DEVICE"))
    var haptics: String?

    @OptionGroup(title: "Virtual device") var uinput: UinputReplayOptions

    func run() throws {
        let signals = try uinput.watchSignals()
        let plotDestination = try plot.map { try PlotDestination(path: $0, option: "--plot", allowsStandardOutput: false) }
        let warnings = WarningReporter()
        let reader = try recording.open(warnings: warnings)
        let device = reader.description
        let pipeline = try calibration.pipeline(for: device, profiles: calibration.profileStore())
        // A paced replay waits for each frame and is followed as it happens; at maximum speed
        // nothing waits and output is written in blocks.
        let paced: Bool
        if case .factor = speed { paced = true } else { paced = false }
        let output = OutputWriter(flushesEachLine: paced)
        let reporter = SessionReporter(pipeline: pipeline, format: format, output: output, verbose: verbose)
        // Before the plot recorder, which passes the feedback on to what it found there.
        let interactionHaptics = try haptics.map { try InteractionHaptics.open($0) }
        defer { interactionHaptics?.close() }
        pipeline.interaction.feedback = interactionHaptics
        let recorder = plotDestination.map { _ in SessionRecorder(attachingTo: pipeline) }
        let player = try uinput.startPlayer(for: device, speed: speed, signals: signals)
        reporter.reportDevice(source: "\(recording.file) (\(reader.format.displayName))")

        var clock = ReplayClock(speed: speed)
        var failure: RecordingError?
        do {
            if let player {
                // The player paces the frames into the device; each reaches the pipeline once written.
                try player.replay(from: reader) { event in
                    if event.isFrameEnd { warnings.report(reader) }
                    pipeline.process(event)
                }
            } else {
                while let event = try reader.next() {
                    if event.isFrameEnd {
                        if paced { clock.wait(until: event.time) }
                        warnings.report(reader)
                    }
                    pipeline.process(event)
                }
            }
        } catch let error as RecordingError {
            failure = error
        } catch let error as DeviceError {
            try? player?.finish(hold: 0)
            throw CleanExit.failure(error)
        }
        // Whatever happened, touches and interactions end: a cut-off recording cancels them.
        pipeline.finish()
        reporter.reportSummary()
        warnings.report(reader)
        if let plotDestination, let recorder { try plotDestination.write(recorder.session) }
        do { try player?.finish(hold: failure == nil ? uinput.holdSeconds : 0) } catch { throw CleanExit.failure(error) }
        if let failure { throw CleanExit.failure(failure) }
    }
}

/// Ends the command with a one-line error on standard error and exit status 1.
enum CleanExit {
    static func failure(_ error: CustomStringConvertible) -> ExitCode {
        OutputWriter.error("forcebridge: \(error)")
        return ExitCode.failure
    }
}
