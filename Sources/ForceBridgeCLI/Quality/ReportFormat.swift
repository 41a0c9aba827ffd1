import ArgumentParser

/// How `diff` and `analyze` report: for people, or one JSON object per line.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    /// Text for people.
    case text
    /// One JSON object per line.
    case jsonl

    /// `lines` and `text` written to standard output in this format.
    func write(text: String, jsonLines: [String]) {
        let output = Console.output()
        switch self {
        case .text: output.line(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        case .jsonl: for line in jsonLines { output.line(line) }
        }
        output.flush()
    }
}
