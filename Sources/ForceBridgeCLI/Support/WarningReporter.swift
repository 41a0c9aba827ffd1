import ForceRecording
import Synchronization

/// Prints a recording's warnings to standard error as they appear, each once: pass the warnings
/// known so far (the reader's after its header, then the source's, `RecordingSource.warnings`)
/// after each batch of input (`Session.batchHandler`) and at the end. It holds no reader, so
/// that the reader itself can be handed to a source that reads it on another thread.
final class WarningReporter: Sendable {
    private let printed = Mutex(0)

    /// Prints the warnings in `warnings` after those printed before.
    func report(_ warnings: [RecordingWarning]) {
        printed.withLock { printed in
            guard printed < warnings.count else { return }
            for warning in warnings[printed...] { Console.error("forcebridge: \(warning)") }
            printed = warnings.count
        }
    }
}
