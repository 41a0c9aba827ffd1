import Foundation
import ForceTestSupport
import Testing
@testable import ForceCore
@testable import RatingOverlay

@Suite("RatingOverlay: the interaction driven by recordings")
struct RatingOverlayRecordingTests {
    @Test func stylusRecordingRatesTheOctopusThumbsUp() throws {
        var fadeMatchesPreview = true
        var highlights: Set<Rating> = []
        let session = try RecordingSession("stylus-commit.evemu") { overlay, event in
            switch event.kind {
            case .previewUpdated(let progress, let ended):
                fadeMatchesPreview = fadeMatchesPreview && overlay.fadeAmount == (ended ? 1 : progress) && overlay.activeItem == 5
            case .commitUpdated(_, _, let rating):
                highlights.insert(rating)
            default:
                break
            }
        }
        let overlay = session.overlay
        #expect(session.recorder.milestones == [
            .loadRequested(items: Array(0...11)),
            .prefetchRequested(items: Array(12...19)),
            .loaded(items: [0, 1, 2, 3]),
            .loaded(items: [4, 5, 6, 7]),
            .loaded(items: [8, 9, 10, 11]),
            .loaded(items: [12, 13, 14, 15]),
            .loaded(items: [16, 17, 18, 19]),
            .pressBegan(item: 5),
            .previewUpdated(progress: 1, ended: true),
            .commitUpdated(progress: 1, ended: true, highlighted: .up),
            .rated(item: 5, rating: .up),
        ])
        #expect(session.recorder.events.filter { if case .loaded = $0.kind { return true } else { return false } }.map(\.time)
            == [50_000, 100_000, 150_000, 200_000, 250_000])
        #expect(fadeMatchesPreview)
        #expect(highlights == [.up])
        #expect(overlay.rating(of: 5) == .up)
        #expect(overlay.ratingsByEmoji == ["🐙": .up])
        #expect(overlay.lastOutcome == .rated(item: 5, rating: .up))
        #expect(overlay.phase == .idle)
        #expect(overlay.fadeAmount == 0)
        #expect(overlay.activeItem == nil)
    }

    @Test func liftingEarlyCancelsAndRestores() throws {
        let session = try RecordingSession("touchscreen-cancel.evemu")
        let milestones = session.recorder.milestones.filter { if case .loaded = $0 { return false } else { return true } }
        #expect(milestones == [
            .loadRequested(items: Array(0...11)),
            .prefetchRequested(items: Array(12...19)),
            .pressBegan(item: 5),
            .cancelled(item: 5),
        ])
        #expect(session.overlay.ratedItems.isEmpty)
        #expect(session.overlay.lastOutcome == .cancelled(item: 5))
        #expect(session.overlay.phase == .idle)
        #expect(session.overlay.fadeAmount == 0)
    }

    @Test func aPalmCancelsAndTheSecondFingerNeverTakesOver() throws {
        let palm = try RecordingSession("touchscreen-palm.evemu")
        func interactions(_ session: RecordingSession) -> [OverlayEvent.Kind] {
            session.recorder.milestones.filter { if case .loaded = $0 { return false } else { return true } }
        }
        #expect(interactions(palm).suffix(2) == [.pressBegan(item: 6), .cancelled(item: 6)])
        let twoFingers = try RecordingSession("touchscreen-two-fingers.evemu")
        #expect(interactions(twoFingers).suffix(3) == [
            .pressBegan(item: 5), .previewUpdated(progress: 1, ended: true), .cancelled(item: 5),
        ])
        #expect(palm.overlay.ratedItems.isEmpty && twoFingers.overlay.ratedItems.isEmpty)
    }

    @Test func aWornPenRatesWithoutHoverPresses() throws {
        let session = try RecordingSession("worn-pen.evemu")
        #expect(session.recorder.milestones.suffix(4) == [
            .pressBegan(item: 6), .previewUpdated(progress: 1, ended: true),
            .commitUpdated(progress: 1, ended: true, highlighted: .up), .rated(item: 6, rating: .up),
        ])
    }

    @Test func aTouchscreenWithoutPressureRatesByHolding() throws {
        let session = try RecordingSession("no-pressure.evemu")
        let interactions = session.recorder.milestones.filter {
            switch $0 {
            case .pressBegan, .pressDeclined, .previewUpdated, .commitUpdated, .rated, .cancelled: return true
            default: return false
            }
        }
        #expect(interactions == [
            .pressBegan(item: 5), .previewUpdated(progress: 1, ended: true),
            .commitUpdated(progress: 1, ended: true, highlighted: .up), .rated(item: 5, rating: .up),
        ])
        #expect(session.recorder.milestones.contains(.scrolled(firstRow: 1)), "the swipe scrolls and rates nothing")
    }

    @Test func tapsRateNothing() throws {
        for name in ["touchscreen-tap.evemu"] {
            let session = try RecordingSession(name)
            let interactions = session.recorder.events.filter {
                switch $0.kind {
                case .pressBegan, .pressDeclined, .previewUpdated, .commitUpdated, .rated, .cancelled: return true
                default: return false
                }
            }
            #expect(interactions.isEmpty, "\(name)")
            #expect(session.overlay.ratedItems.isEmpty, "\(name)")
        }
    }

    @Test func pressingACellStillLoadingDoesNotBegin() throws {
        let session = try RecordingSession("stylus-commit.evemu", loadDelay: 10_000_000)
        #expect(session.recorder.milestones == [
            .loadRequested(items: Array(0...11)),
            .prefetchRequested(items: Array(12...19)),
            .pressDeclined(item: 5, reason: .loading),
        ])
        #expect(session.overlay.ratedItems.isEmpty)
        #expect(session.overlay.store.loadingItems == [0, 1, 2, 3])
    }

    @Test func earlierRatingsAreKeptAndCanChange() throws {
        let session = try RecordingSession("stylus-commit.evemu", ratings: ["🐙": .down, "😀": .up, "🦖": .down])
        #expect(session.overlay.ratingsByEmoji == ["🐙": .up, "😀": .up])
        #expect(session.overlay.ratedItems.map(\.item) == [0, 5])
    }
}

@Suite("RatingOverlay: scrolling, prefetching and cancelling")
struct RatingOverlayScrollingTests {
    private func makeOverlay(loadDelay: Int64 = 1_000_000) -> (RatingOverlay, EventRecorder) {
        let overlay = RatingOverlay(pipeline: InputPipeline(device: TestTouchscreen.device), store: EmojiDataStore(loadDelay: loadDelay))
        let recorder = EventRecorder()
        overlay.observer = recorder
        overlay.start(at: 0)
        return (overlay, recorder)
    }

    @Test func startingLoadsTheVisibleRowsAndPrefetchesTwoBelow() {
        let (overlay, recorder) = makeOverlay()
        #expect(recorder.events.map(\.kind) == [.loadRequested(items: Array(0...11)), .prefetchRequested(items: Array(12...19))])
        #expect(overlay.store.loadingItems == [0, 1, 2, 3])
        #expect(overlay.store.queuedItems == Array(4...19))
    }

    @Test func scrollingDownPrefetchesAheadAndScrollingBackCancels() {
        let (overlay, recorder) = makeOverlay()
        overlay.advance(to: 5_000_000)
        #expect(overlay.store.loadingItems.isEmpty && overlay.store.state(of: 19) == .loaded)
        let start = recorder.events.count

        #expect(overlay.scroll(by: 1))
        #expect(overlay.firstVisibleRow == 1)
        #expect(overlay.scroll(by: 1))
        #expect(Array(recorder.events[start...].map(\.kind)) == [
            .scrolled(firstRow: 1), .prefetchRequested(items: [20, 21, 22, 23]),
            .scrolled(firstRow: 2), .prefetchRequested(items: [24, 25, 26, 27]),
        ])
        // Back to the top (a heavy impact): the rows below are no longer ahead, so their pending
        // loads stop.
        let back = recorder.events.count
        #expect(overlay.scroll(by: -2))
        #expect(Array(recorder.events[back...].map(\.kind)) == [
            .scrolled(firstRow: 0), .scrolledToTop, .prefetchCancelled(items: [20, 21, 22, 23, 24, 25, 26, 27]),
        ])
        #expect(overlay.store.loadingItems.isEmpty && overlay.store.queuedItems.isEmpty)
        #expect(overlay.store.stoppedLoadCount == 4)
    }

    @Test func pagingPastUnloadedRowsMovesTheNewScreenToTheFront() {
        let (overlay, recorder) = makeOverlay()
        overlay.scroll(by: 3)
        #expect(Array(recorder.events.dropFirst(2).map(\.kind)) == [
            .scrolled(firstRow: 3),
            .loadRequested(items: Array(12...23)),
            .prefetchRequested(items: Array(24...31)),
            .prefetchCancelled(items: Array(0...11)),
        ])
        #expect(overlay.store.loadingItems == [12, 13, 14, 15])
        #expect(overlay.store.queuedItems == Array(16...31))
    }

    @Test func scrollingUpPrefetchesTheRowsAbove() {
        let (overlay, recorder) = makeOverlay()
        overlay.scroll(by: 100)
        #expect(overlay.firstVisibleRow == 6)
        let start = recorder.events.count
        overlay.scroll(by: -1)
        #expect(Array(recorder.events[start...].map(\.kind)) == [
            .scrolled(firstRow: 5),
            .loadRequested(items: [20, 21, 22, 23]),
            .prefetchRequested(items: [16, 17, 18, 19, 12, 13, 14, 15]),
            .prefetchCancelled(items: [32, 33, 34, 35]),
        ])
        #expect(overlay.scroll(by: -1_000))
        #expect(!overlay.scroll(by: -1))
        #expect(overlay.firstVisibleRow == 0)
    }

    @Test func aDragScrollsAndDoesNotPress() throws {
        let (overlay, recorder) = makeOverlay(loadDelay: 0)
        overlay.advance(to: 10)
        // Light pressure (force 0.5), from the bottom row up by 1.5 rows, then pressed hard.
        var points: [(x: Int32, y: Int32, pressure: Int32)] = []
        for step in 0...15 { points.append((500, 2_800 - Int32(step) * 100, 20)) }
        points.append((500, 1_300, 200))
        try play(TestTouchscreen.finger(points, start: 1_000), into: overlay)
        #expect(overlay.firstVisibleRow == 1)
        let kinds = recorder.events.map(\.kind)
        #expect(kinds.contains(.scrolled(firstRow: 1)))
        // x 500 of 1000 is column 3; y 1300 is visible row 2, which is now grid row 3: item 10.
        #expect(kinds.contains(.pressDeclined(item: 10, reason: .scrolling)))
        #expect(!kinds.contains { if case .pressBegan = $0 { return true } else { return false } })
    }

    @Test func aFirmPressPreviewsHighlightsByHalfAndCommits() throws {
        let (overlay, recorder) = makeOverlay(loadDelay: 0)
        overlay.advance(to: 10)
        var highlightAfterMove: Rating?
        recorder.onEvent = { overlay, event in
            if case .commitUpdated = event.kind { highlightAfterMove = overlay.highlightedRating }
        }
        // Bottom-right cell's lower half (item 11), pressing up to force 3.6, staying low.
        var points: [(x: Int32, y: Int32, pressure: Int32)] = []
        for pressure in stride(from: Int32(10), through: 140, by: 10) { points.append((900, 2_800, pressure)) }
        try play(TestTouchscreen.finger(points, start: 1_000), into: overlay)
        #expect(overlay.rating(of: 11) == .down)
        #expect(highlightAfterMove == .down)
        #expect(recorder.milestones.suffix(4) == [
            .pressBegan(item: 11), .previewUpdated(progress: 1, ended: true),
            .commitUpdated(progress: 1, ended: true, highlighted: .down), .rated(item: 11, rating: .down),
        ])
    }

    @Test func keysDoNotScrollDuringAnInteraction() throws {
        let (overlay, _) = makeOverlay(loadDelay: 0)
        overlay.advance(to: 10)
        let events = TestTouchscreen.finger([(500, 500, 10), (500, 500, 60)], start: 1_000)
        var phaseBeforeLift: OverlayPhase?
        var scrolledDuringPreview = true
        // Before the lift (its last three events), a preview is under way.
        let beforeLift = EventHook(at: events.count - 3) {
            phaseBeforeLift = overlay.phase
            scrolledDuringPreview = overlay.scroll(by: 1)
        }
        try play(events, into: overlay, observer: beforeLift)
        #expect(phaseBeforeLift == .preview)
        #expect(!scrolledDuringPreview)
        #expect(overlay.phase == .idle)
        #expect(overlay.scroll(by: 1))
    }

    @Test func stoppingCancelsWhatIsStillLoading() {
        let (overlay, recorder) = makeOverlay()
        overlay.advance(to: 1_500_000)
        overlay.stopLoading()
        #expect(recorder.events.last?.kind == .loadsStopped(items: [4, 5, 6, 7] + Array(8...19)))
        #expect(overlay.store.loadingItems.isEmpty && overlay.store.queuedItems.isEmpty)
    }
}

@Suite("GridLayout: the calibration from device to cells")
struct GridLayoutTests {
    @Test func theDefaultGridPutsTheShippedPressOnTheSecondCellOfTheMiddleRow() {
        let layout = GridLayout()
        let area = DeviceArea(xRange: 0...44_800, yRange: 0...29_600)
        let landing = area.map(x: 0.372 * 44_800, y: 0.505 * 29_600, into: layout.visibleRect)
        let cell = layout.visibleCell(at: landing)
        #expect(cell.row == 1 && cell.column == 1)
        #expect(layout.item(row: cell.row, column: cell.column) == 5)
        #expect(layout.rating(at: landing, inVisibleRow: 1) == .down)
        let leaning = area.map(x: 0.372 * 44_800, y: 0.425 * 29_600, into: layout.visibleRect)
        #expect(layout.rating(at: leaning, inVisibleRow: 1) == .up)
    }

    @Test func edgesBelongToTheLastCellAndPartialRowsEndTheGrid() {
        let layout = GridLayout(columns: 4, visibleRows: 3, itemCount: 10)
        #expect(layout.rowCount == 3)
        #expect(layout.visibleCell(at: Point(x: 4, y: 3)) == (2, 3))
        #expect(layout.item(row: 2, column: 1) == 9)
        #expect(layout.item(row: 2, column: 2) == nil)
        #expect(layout.maximumFirstRow == 0)
    }
}
