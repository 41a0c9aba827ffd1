import ArgumentParser

/// How `diff` and `analyze` report: for people, or one JSON object per line.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    /// Text for people.
    case text
    /// One JSON object per line.
    case jsonl
}

/// The report options `diff` and `analyze` share: its format, and an SVG drawing of it.
struct ReportOptions: ParsableArguments {
    @Option(help: "Output format.")
    var format: ReportFormat = .text

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
        let output = Console.output()
        switch format {
        case .text: output.line(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        case .jsonl: for line in jsonLines { output.line(line) }
        }
        output.flush()
    }
}
