import ForceTestSupport
import Testing
@testable import RatingOverlay

@Suite("EmojiDataStore: slow loads, prefetching and cancelling")
struct EmojiDataStoreTests {
    private func makeStore(delay: Int64 = 100, concurrent: Int = 2) -> (EmojiDataStore, LoadRecorder) {
        let store = EmojiDataStore(loadDelay: delay, maximumConcurrentLoads: concurrent)
        let recorder = LoadRecorder()
        store.delegate = recorder
        return (store, recorder)
    }

    @Test func loadsTakeTheirDelayAndRunAFewAtATime() {
        let (store, recorder) = makeStore()
        store.loadItems(at: [0, 1, 2])
        #expect(store.loadingItems == [0, 1])
        #expect(store.queuedItems == [2])
        #expect(store.emoji(at: 0) == nil)
        store.advance(to: 99)
        #expect(recorder.batches.isEmpty)
        store.advance(to: 100)
        #expect(recorder.batches.map(\.items) == [[0, 1]])
        #expect(recorder.batches.map(\.time) == [100])
        #expect(store.emoji(at: 0) == "😀")
        #expect(store.state(of: 2) == .loading(due: 200))
        store.advance(to: 1_000)
        #expect(recorder.batches.map(\.items) == [[0, 1], [2]])
        #expect(recorder.batches.map(\.time) == [100, 200])
        #expect(store.startedLoadCount == 3)
    }

    @Test func prefetchesLoadMostUrgentFirst() {
        let (store, recorder) = makeStore(concurrent: 1)
        store.prefetchItems(at: [7, 3, 5])
        store.advance(to: 1_000)
        #expect(recorder.loadedInOrder == [7, 3, 5])
        #expect(recorder.batches.map(\.time) == [100, 200, 300])
    }

    @Test func visibleCellsGoAheadOfPrefetches() {
        let (store, recorder) = makeStore(concurrent: 1)
        store.prefetchItems(at: [8, 9])
        store.loadItems(at: [1, 2])
        #expect(store.loadingItems == [8])
        #expect(store.queuedItems == [1, 2, 9])
        // A prefetched cell that comes on screen moves up behind the earlier urgent ones.
        store.loadItems(at: [9])
        #expect(store.queuedItems == [1, 2, 9])
        store.prefetchItems(at: [4])
        #expect(store.queuedItems == [1, 2, 9, 4])
        store.advance(to: 1_000)
        #expect(recorder.loadedInOrder == [8, 1, 2, 9, 4])
    }

    @Test func cancellingDropsQueuedLoadsAndStopsRunningOnes() {
        let (store, recorder) = makeStore(concurrent: 1)
        store.prefetchItems(at: [1, 2, 3])
        store.advance(to: 50)
        store.cancelPrefetchingForItems(at: [1, 3])
        #expect(store.state(of: 1) == .notLoaded)
        #expect(store.state(of: 3) == .notLoaded)
        // The freed loader takes the next item at once.
        #expect(store.state(of: 2) == .loading(due: 150))
        #expect(store.stoppedLoadCount == 1)
        store.advance(to: 1_000)
        #expect(recorder.loadedInOrder == [2])
        // Cancelling what has loaded keeps it.
        store.cancelPrefetchingForItems(at: [2])
        #expect(store.emoji(at: 2) == "🍕")
    }

    @Test func loadedAndPendingItemsAreNotLoadedTwice() {
        let (store, recorder) = makeStore()
        store.prefetchItems(at: [1])
        store.prefetchItems(at: [1])
        store.loadItems(at: [1])
        store.advance(to: 100)
        store.prefetchItems(at: [1])
        store.advance(to: 500)
        #expect(recorder.loadedInOrder == [1])
        #expect(store.startedLoadCount == 1)
    }

    @Test func cancelAllLoadsEmptiesTheStore() {
        let (store, _) = makeStore()
        store.prefetchItems(at: [1, 2, 3, 4])
        store.cancelAllLoads()
        #expect(store.loadingItems.isEmpty)
        #expect(store.queuedItems.isEmpty)
        #expect((1...4).allSatisfy { store.state(of: $0) == .notLoaded })
    }

    @Test func itemsOutsideTheCatalogAreIgnored() {
        let (store, recorder) = makeStore()
        store.loadItems(at: [-1, 1_000])
        store.prefetchItems(at: [36])
        store.advance(to: 1_000)
        #expect(recorder.batches.isEmpty)
        #expect(store.emoji(at: 36) == nil)
    }
}
