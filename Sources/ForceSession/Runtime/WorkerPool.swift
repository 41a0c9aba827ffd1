import ForceSystem
import Synchronization

/// Runs independent work on several threads, as `check --jobs` replays its recordings: each
/// worker takes the next item until none is left (a replay at maximum speed runs in virtual
/// time, its session on a loop of its own, so the workers share nothing). Results keep the
/// items' order.
package final class WorkerPool<Item: Sendable, Output: Sendable>: Sendable {
    private let items: [Item]
    private let task: @Sendable (Item) -> Output
    private let next = Atomic<Int>(0)
    private let outputs: Mutex<[Output?]>

    /// A pool doing `work` on each of `items`.
    package init(items: [Item], work: @escaping @Sendable (Item) -> Output) {
        self.items = items
        task = work
        outputs = Mutex(Array(repeating: nil, count: items.count))
    }

    /// Does the work with `jobs` workers (this thread one of them); `started` and `finished`
    /// hear of each item on the worker's thread.
    /// - Throws: a `SystemError` when a worker thread cannot be started.
    package func run(jobs: Int, started: @escaping @Sendable (Item) -> Void = { _ in },
                     finished: @escaping @Sendable (Output) -> Void = { _ in }) throws(SystemError) -> [Output] {
        var workers: [WorkerThread] = []
        for _ in 1..<max(1, jobs) { workers.append(try WorkerThread { [self] in drain(started: started, finished: finished) }) }
        drain(started: started, finished: finished)
        for worker in workers { worker.join() }
        return outputs.withLock { $0.map { $0! } }
    }

    private func drain(started: @Sendable (Item) -> Void, finished: @Sendable (Output) -> Void) {
        while true {
            let index = next.add(1, ordering: .relaxed).oldValue
            guard index < items.count else { return }
            started(items[index])
            let output = task(items[index])
            outputs.withLock { $0[index] = output }
            finished(output)
        }
    }
}
