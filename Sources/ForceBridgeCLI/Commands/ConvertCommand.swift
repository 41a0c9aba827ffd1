import ArgumentParser
import ForceDevices
import ForceRecording
import ForceSystem

extension RecordingOutputFormat: ExpressibleByArgument {}

/// `forcebridge convert IN -o OUT`: rewrites a recording in another format.
struct ConvertCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a recording (evemu, libinput record YAML, evtest log) to evemu or libinput record YAML.",
        discussion: """
            The output format follows --to, else the output's name: .yml or .yaml is libinput \\
            record YAML, anything else evemu 1.3 (which evemu-play and evemu-device load). \\
            Timestamps are written relative to the first event.
            """
    )

    @OptionGroup var source: RecordingOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write.", valueName: "OUT"))
    var output: String

    @Option(help: ArgumentHelp("Output format (default: from OUT's name).", valueName: "FORMAT"))
    var to: RecordingOutputFormat?

    func validate() throws {
        if FileSystem.absolutePath(source.file) == FileSystem.absolutePath(output) { throw ValidationError("the output must not be the input file (\(output))") }
    }

    func run() throws {
        let (reader, warnings) = try source.open()
        let format = to ?? RecordingOutputFormat(fileName: output)
        var events = 0
        var frames = 0
        do {
            let writer = try format.makeWriter(
                path: output, description: reader.description,
                source: "\(source.file.split(separator: "/").last.map(String.init) ?? source.file) (\(reader.format.displayName))")
            while let event = try reader.next() {
                try writer.write(event)
                events += 1
                if event.isFrameEnd { frames += 1 }
            }
            try writer.close()
        } catch let error as RecordingError {
            // A malformed input leaves no half-converted output behind.
            FileSystem.removeFile(output)
            warnings.report(reader.warnings)
            throw CommandFailure(error)
        }
        warnings.report(reader.warnings)
        let output = Console.output()
        output.line("Wrote \(self.output) (\(format.rawValue)): \(events) events, \(frames) frames of \"\(reader.description.name)\" from \(source.file) (\(reader.format.displayName))")
        output.flush()
    }
}
