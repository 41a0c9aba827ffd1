import ArgumentParser
import ForceCommandLine
import ForceCore
import ForceRecording
import ForceTerminalUI

/// `forcebridge describe FILE`: what device a recording comes from and what is in it.
struct DescribeCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "describe",
        abstract: "Describe a recording: its device, axes, force model, and the events it holds.",
        discussion: """
            Says what drives force (pressure, contact size, or the time a touch is held still: \
            Haptic Touch), the sensitivity and touch duration in effect (from the profiles, or \
            --sensitivity and --touch-duration), and the interaction thresholds in force units and \
            in the axis's raw units; for pens, how the resting offset is learned.
            """
    )

    /// `describe --format`'s values.
    enum Formats: OutputFormats {
        static let formats: [(format: OutputFormat, description: String)] = [
            (.text, "The description for people."),
            (.json, "The description as one JSON object."),
        ]
    }

    @OptionGroup var source: RecordingOptions

    @OptionGroup var output: FormatOption<Formats>

    @OptionGroup var calibration: CalibrationOptions

    func run() throws {
        let (reader, warnings) = try source.open()
        let recording = try CommandFailure.advising { try warnings.reporting(reader) { try Recording(reading: reader) } }
        let store = try calibration.profileStore()
        let pipeline = try calibration.pipeline(for: recording.description, profiles: store)
        let description = RecordingDescription(file: source.file, reader: reader, recording: recording, pipeline: pipeline)
        Console.write(lines: output.resolved() == .json ? [description.jsonLine] : description.textLines)
    }
}
