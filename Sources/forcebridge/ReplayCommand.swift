import ArgumentParser
import Foundation
import ForceCore
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

    func run() throws {
        let plotDestination = try plot.map { try PlotDestination(path: $0, option: "--plot", allowsStandardOutput: false) }
        let warnings = WarningReporter()
        let reader = try recording.open(warnings: warnings)
        let device = reader.description
        let store = try calibration.profileStore()
        let pipeline = InputPipeline(
            device: device,
            calibration: store.calibration(for: device),
            thresholds: try calibration.thresholds(for: device, store: store))
        let live: Bool
        if case .factor = speed { live = true } else { live = false }
        let output = OutputWriter(flushesEachLine: live)
        let reporter = SessionReporter(pipeline: pipeline, format: format, output: output, verbose: verbose)
        let recorder = plotDestination.map { _ in SessionRecorder(attachingTo: pipeline) }
        reporter.reportDevice(source: "\(recording.file) (\(reader.format.displayName))")

        var clock = ReplayClock(speed: speed)
        var failure: RecordingError?
        do {
            while let event = try reader.next() {
                if event.isFrameEnd {
                    clock.wait(until: event.time)
                    warnings.report(reader)
                }
                pipeline.process(event)
            }
        } catch let error as RecordingError {
            failure = error
        }
        // Whatever happened, touches and interactions end: a cut-off recording cancels them.
        pipeline.finish()
        reporter.reportSummary()
        warnings.report(reader)
        if let plotDestination, let recorder { try plotDestination.write(recorder.session) }
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
