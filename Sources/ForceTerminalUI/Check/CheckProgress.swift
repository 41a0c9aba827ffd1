import ForceAnalysis
import ForceSession
import Synchronization

/// `check`'s progress line on a terminal (standard error): how many recordings are done, how
/// many failed, and the latest started, redrawn in place. Workers report to it from their own
/// threads.
package final class CheckProgress: Sendable {
    private struct State {
        var done = 0
        var failed = 0
        var latest = ""
    }

    private let total: Int
    private let destination: any TextDestination & Sendable
    private let state = Mutex(State())

    /// A progress line over `total` recordings, drawn on `destination`.
    package init(total: Int, destination: any TextDestination & Sendable) {
        self.total = total
        self.destination = destination
    }

    /// A worker started checking `recording`.
    package func started(_ recording: String) {
        state.withLock { state in
            state.latest = recording
            draw(state)
        }
    }

    /// A worker finished a recording.
    package func finished(_ outcome: CheckOutcome) {
        state.withLock { state in
            state.done += 1
            if !outcome.passed { state.failed += 1 }
            draw(state)
        }
    }

    /// Removes the line.
    package func clear() {
        destination.write(Array("\r\u{1B}[K".utf8))
    }

    private func draw(_ state: State) {
        let failed = state.failed > 0 ? ", \(state.failed) failed" : ""
        // Short enough for one terminal line, which `\r` can redraw.
        let latest = state.latest.count > 48 ? "…" + state.latest.suffix(47) : state.latest
        destination.write(Array("\r\u{1B}[Kchecking \(state.done)/\(total)\(failed): \(latest)".utf8))
    }
}
