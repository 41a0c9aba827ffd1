import ArgumentParser

/// How a session is reported.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    /// A console log for people: touches begin and end, interaction progress, a summary.
    case text
    /// One JSON object per line: device, touches, interactions, summary.
    case jsonl
    /// Only the summary line (JSON), for scripts and benchmarks.
    case summary
}
