import ArgumentParser

/// How `rate` reports a session when it does not draw the overlay.
enum RateLogFormat: String, ExpressibleByArgument, CaseIterable {
    /// A console log for people.
    case text
    /// One JSON object per line.
    case jsonl
}
