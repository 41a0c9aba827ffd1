import ForceRecording

/// Prints a reader's warnings to standard error as they appear, each once.
final class WarningReporter {
    private var printed = 0

    /// Prints the warnings `reader` added since the last call.
    func report(_ reader: any RecordingReader) {
        let warnings = reader.warnings
        guard printed < warnings.count else { return }
        for warning in warnings[printed...] { OutputWriter.error("forcebridge: \(warning)") }
        printed = warnings.count
    }
}
