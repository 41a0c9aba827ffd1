import ForceAnalysis
import ForceSession
import ForceSystem

extension CheckRun {
    /// Checks every recording, as `run(started:finished:)` does, with `check`'s progress line
    /// (`CheckProgress`) drawn on `progressDestination` while the recordings are checked and
    /// removed once they all are; nil draws none (standard error is not a terminal).
    /// - Throws: a `SystemError` when a worker thread cannot be started.
    package func run(showingProgressOn progressDestination: (any TextDestination & Sendable)?) throws(SystemError) -> CheckReport {
        let progress = progressDestination.map { CheckProgress(total: items.count, destination: $0) }
        let report = try run(started: { progress?.started($0.recording) }, finished: { progress?.finished($0) })
        progress?.clear()
        return report
    }
}
