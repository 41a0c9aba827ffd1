import ArgumentParser
import ForceRecording
import ForceSystem
import Logging

/// The recording a command reads: a file in any format ForceBridge knows, and which of its
/// devices to use.
package struct RecordingOptions: ParsableArguments {
    package init() {}

    @Argument(help: ArgumentHelp("The recording: evemu, libinput record YAML or an evtest log (recognised by content).", valueName: "FILE"))
    package var file: String

    @OptionGroup package var deviceIndex: DeviceIndexOptions

    /// Opens the recording and prints the warnings its header gave; a malformed file ends the
    /// command with a one-line `FILE:LINE: …` error and `failureStatus`.
    package func open(failureStatus: Int32 = 1) throws -> (reader: any RecordingReader, warnings: RecordingWarningReporter) {
        try Self.open(file, device: deviceIndex.device, failureStatus: failureStatus)
    }

    /// Opens the recording at `path` (its device `device`) as `open(failureStatus:)` does.
    package static func open(_ path: String, device: Int?, failureStatus: Int32 = 1) throws -> (reader: any RecordingReader, warnings: RecordingWarningReporter) {
        do {
            let reader = try RecordingFormat.open(path: path, device: device)
            Logger.recording.debug("opened", metadata: [
                "file": "\(path)", "format": "\(reader.format)", "index": "\(reader.deviceIndex)",
                "name": "\(reader.description.name)", "kind": "\(reader.description.kind.rawValue)",
            ])
            let warnings = RecordingWarningReporter { Console.error("forcebridge: \($0)") }
            warnings.report(reader.warnings)
            return (reader, warnings)
        } catch let error as RecordingError {
            throw CommandFailure(error.description, status: failureStatus)
        }
    }
}
