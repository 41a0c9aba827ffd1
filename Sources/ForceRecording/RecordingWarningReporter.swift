import Synchronization

/// Hands on a recording's warnings as they appear, each once: pass the warnings known so far
/// (the reader's after its header, then the source's, `RecordingSource.warnings`) after each
/// batch of input (`Session.batchHandler`) and at the end. It holds no reader, so that the
/// reader itself can be handed to a source that reads it on another thread.
package final class RecordingWarningReporter: Sendable {
    private let reported = Mutex(0)
    private let handOn: @Sendable (RecordingWarning) -> Void

    /// A reporter handing each new warning to `handOn`.
    package init(handOn: @escaping @Sendable (RecordingWarning) -> Void) {
        self.handOn = handOn
    }

    /// Hands on those of `warnings` not reported yet.
    package func report(_ warnings: [RecordingWarning]) {
        reported.withLock { reported in
            guard reported < warnings.count else { return }
            for warning in warnings[reported...] { handOn(warning) }
            reported = warnings.count
        }
    }

    /// Runs `body`, which reads `reader`, then hands on the reader's new warnings, whether `body`
    /// read to the end or threw: a warning found before a malformed line is still told.
    package func reporting<Result>(_ reader: any RecordingReader, _ body: () throws -> Result) rethrows -> Result {
        defer { report(reader.warnings) }
        return try body()
    }
}
