import ArgumentParser
import ForceCommandLine
import ForceRecording
import ForceSystem

extension RecordingOutputFormat: ExpressibleByArgument {
    // Given outright: the parser's defaults cost start-up time (Benchmarks/README.md, Start-up).
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] {
        [Self.evemu.rawValue: "evemu 1.3 (evemu-play and evemu-device load it).", Self.libinputRecord.rawValue: "libinput record YAML."]
    }
}

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
        let name = "\(source.file.split(separator: "/").last.map(String.init) ?? source.file) (\(reader.format.displayName))"
        let conversion = try CommandFailure.advising { try warnings.reporting(reader) { try format.convert(reader, to: self.output, source: name) } }
        Console.write(lines: ["Wrote \(output) (\(format.rawValue)): \(conversion.events) events, \(conversion.frames) frames of \"\(reader.description.name)\" "
            + "from \(source.file) (\(reader.format.displayName))"])
    }
}
