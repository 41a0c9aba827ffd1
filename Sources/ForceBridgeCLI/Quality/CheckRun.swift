import ForceDevices
import ForceSystem
import Synchronization

/// Checks recordings on several threads: each worker takes the next unchecked recording until
/// none is left (replays at maximum speed run in virtual time, each on its own loop, so they
/// share nothing). Results keep the input's order.
final class CheckRun: Sendable {
    private let items: [CheckItem]
    private let settings: CheckSettings
    private let progress: CheckProgress?
    private let next = Atomic<Int>(0)
    private let outcomes: Mutex<[CheckOutcome?]>

    init(items: [CheckItem], settings: CheckSettings, progress: CheckProgress?) {
        self.items = items
        self.settings = settings
        self.progress = progress
        outcomes = Mutex(Array(repeating: nil, count: items.count))
    }

    /// Checks every recording with `jobs` workers (this thread one of them).
    /// - Throws: a `CommandFailure` when a worker thread cannot be started.
    func run(jobs: Int) throws -> [CheckOutcome] {
        var workers: [WorkerThread] = []
        do {
            for _ in 1..<max(1, jobs) { workers.append(try WorkerThread { [self] in work() }) }
        } catch {
            throw CommandFailure(error)
        }
        work()
        for worker in workers { worker.join() }
        return outcomes.withLock { $0.map { $0! } }
    }

    private func work() {
        while true {
            let index = next.add(1, ordering: .relaxed).oldValue
            guard index < items.count else { return }
            progress?.started(items[index].recording)
            let outcome = items[index].run(settings)
            outcomes.withLock { $0[index] = outcome }
            progress?.finished(outcome)
        }
    }
}

/// The progress line on a terminal (standard error): how many recordings are done, how many
/// failed, and the latest started, redrawn in place.
final class CheckProgress: Sendable {
    private struct State {
        var done = 0
        var failed = 0
        var latest = ""
    }

    private let total: Int
    private let console: Console
    private let state = Mutex(State())

    init(total: Int, console: Console) {
        self.total = total
        self.console = console
    }

    func started(_ recording: String) {
        state.withLock { state in
            state.latest = recording
            draw(state)
        }
    }

    func finished(_ outcome: CheckOutcome) {
        state.withLock { state in
            state.done += 1
            if !outcome.passed { state.failed += 1 }
            draw(state)
        }
    }

    /// Removes the line.
    func clear() {
        console.standardError.write(Array("\r\u{1B}[K".utf8))
    }

    private func draw(_ state: State) {
        let failed = state.failed > 0 ? ", \(state.failed) failed" : ""
        // Short enough for one terminal line, which `\r` can redraw.
        let latest = state.latest.count > 48 ? "…" + state.latest.suffix(47) : state.latest
        console.standardError.write(Array("\r\u{1B}[Kchecking \(state.done)/\(total)\(failed): \(latest)".utf8))
    }
}
