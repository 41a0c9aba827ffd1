import ArgumentParser
import ForceAnalysis
import ForceCommandLine

/// The report options `diff` and `analyze` share: its format, and an SVG drawing of it.
struct ReportOptions: ParsableArguments {
    /// `diff --format` and `analyze --format`'s values.
    enum Formats: OutputFormats {
        static let formats: [(format: OutputFormat, description: String)] = [
            (.text, "The report for people."),
            (.jsonl, "The report as one JSON object per line."),
        ]
    }

    @OptionGroup var output: FormatOption<Formats>

    @Option(help: ArgumentHelp(
        "Also draw the report as an SVG (diff: both sessions' force curves on one time axis; analyze: each contact's pressure histogram).",
        valueName: "OUT.svg"))
    var plot: String?

    /// Where the drawing goes, checked before anything is read (status 2 when it cannot be written).
    func plotDestination(example: String) throws -> PlotDestination? {
        try plot.map {
            try PlotDestination(path: $0, option: "--plot", allowsStandardOutput: false, example: example, status: QualityExitStatus.badInput)
        }
    }

    /// Writes `text` or `jsonLines`, as the format says, to standard output.
    func write(text: String, jsonLines: [String]) {
        let text = text.hasSuffix("\n") ? String(text.dropLast()) : text
        Console.write(lines: output.resolved() == .text ? [text] : jsonLines)
    }
}
