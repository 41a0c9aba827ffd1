import ForceRecording

/// Prints a reader's warnings to standard error as they appear, each once: call `report()`
/// after each batch of input (`Session.batchHandler`) and at the end.
final class WarningReporter {
    private let reader: any RecordingReader
    private var printed = 0

    init(_ reader: any RecordingReader) {
        self.reader = reader
    }

    /// Prints the warnings the reader added since the last call.
    func report() {
        let warnings = reader.warnings
        guard printed < warnings.count else { return }
        for warning in warnings[printed...] { Console.error("forcebridge: \(warning)") }
        printed = warnings.count
    }
}
