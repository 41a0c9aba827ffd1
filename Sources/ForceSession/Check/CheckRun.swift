import ForceAnalysis
import ForceSystem

/// `check`'s run: recordings replayed by the session runtime and checked against their golden
/// transcripts and expectations, several at once on a `WorkerPool` (each replay at maximum speed
/// runs in virtual time, on a loop of its own).
package struct CheckRun: Sendable {
    /// The recordings, each with its golden transcript if it has one.
    package var items: [CheckItem]
    /// The expectations, the tolerance, and whether goldens are written.
    package var settings: CheckSettings
    /// Where transcripts and golden files come from.
    package var environment: CheckEnvironment
    /// How many recordings are checked at once: never more than there are.
    package let jobs: Int

    /// A run over `items` on `jobs` threads (default: the processors available).
    package init(items: [CheckItem], settings: CheckSettings, environment: CheckEnvironment, jobs: Int? = nil) {
        self.items = items
        self.settings = settings
        self.environment = environment
        self.jobs = min(jobs ?? WorkerThread.availableProcessors, items.count)
    }

    /// Checks every recording; `started` and `finished` hear of each on the worker's thread.
    /// - Throws: a `SystemError` when a worker thread cannot be started.
    package func run(started: @escaping @Sendable (CheckItem) -> Void = { _ in },
                     finished: @escaping @Sendable (CheckOutcome) -> Void = { _ in }) throws(SystemError) -> CheckReport {
        let runStarted = MonotonicClock.now()
        let pool = WorkerPool(items: items) { [settings, environment] item in
            let itemStarted = MonotonicClock.now()
            let result = item.result(settings, in: environment)
            return CheckOutcome(recording: item.recording, seconds: Self.seconds(since: itemStarted), result: result)
        }
        let outcomes = try pool.run(jobs: jobs, started: started, finished: finished)
        return CheckReport(outcomes: outcomes, seconds: Self.seconds(since: runStarted), jobs: jobs)
    }

    private static func seconds(since start: Int64) -> Double {
        Double(MonotonicClock.now() - start) / 1_000_000
    }
}
