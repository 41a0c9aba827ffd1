import ForceSession
import Synchronization
import Testing

/// The worker pool `check --jobs` runs its replays on: every item once, results in the items'
/// order, whatever the number of workers.
struct WorkerPoolTests {
    @Test(arguments: [1, 2, 4, 64])
    func everyItemOnceInOrder(jobs: Int) throws {
        let started = Mutex<[Int]>([])
        let finished = Atomic<Int>(0)
        let pool = WorkerPool(items: Array(0..<50)) { $0 * $0 }
        let results = try pool.run(jobs: jobs, started: { item in started.withLock { $0.append(item) } },
                                   finished: { _ in finished.add(1, ordering: .relaxed) })
        #expect(results == (0..<50).map { $0 * $0 })
        #expect(started.withLock { $0.sorted() } == Array(0..<50))
        #expect(finished.load(ordering: .relaxed) == 50)
    }

    @Test func noItemsNoWork() throws {
        let pool = WorkerPool(items: [String]()) { $0.count }
        #expect(try pool.run(jobs: 3).isEmpty)
    }
}
