import ForceCore
import Testing
@testable import RatingOverlay

/// The overlay on the recordings of peek actions, quick actions and a scroll to the top: the peek
/// performs a cell's action, the title bar's firm press a quick action, and reaching the top
/// plays EmojiRater's heavy impact; the thumb changing during a commit ticks.
@Suite("RatingOverlay: the action recordings")
struct ShippedActionRecordingOverlayTests {
    /// Notes what the overlay's haptics play.
    final class Player: HapticPlayer {
        var currentTime: Int64 = 0
        var minimumTickInterval: Int64 = 0
        var played: [HapticPattern] = []
        func prepare(_ pattern: HapticPattern) {}
        func play(_ pattern: HapticPattern, priority: HapticPriority) { played.append(pattern) }
    }

    static func interactions(_ session: RecordingSession) -> [OverlayEvent.Kind] {
        session.recorder.milestones.filter {
            switch $0 {
            case .loadRequested, .prefetchRequested, .prefetchCancelled, .loaded, .loadsStopped, .thumbChanged: return false
            default: return true
            }
        }
    }

    @Test func theScrollToTopRecordingScrollsDownTwoRowsAndBackToTheTopWithAHeavyImpact() throws {
        let player = Player()
        let session = try RecordingSession("scroll-to-top.evemu", haptics: OverlayHaptics(player: player))
        #expect(Self.interactions(session) == [
            .scrolled(firstRow: 1), .scrolled(firstRow: 2), .scrolled(firstRow: 1), .scrolled(firstRow: 0), .scrolledToTop,
        ])
        #expect(session.overlay.firstVisibleRow == 0)
        #expect(player.played == [FeedbackPatterns.impact(.heavy)])
    }

    @Test func theQuickActionRecordingScrollsToTheTopFromTheTitleBar() throws {
        let player = Player()
        let session = try RecordingSession("quick-action.evemu", haptics: OverlayHaptics(player: player))
        let shortcuts = session.overlay.shortcuts.actions
        #expect(shortcuts.map(\.identifier) == ["show-rated", "clear-all", "random-emoji", "scroll-to-top"])
        #expect(Self.interactions(session) == [
            .scrolled(firstRow: 1), .scrolled(firstRow: 2),
            .titleBarPressed, .previewUpdated(progress: 1, ended: true), .actionsRevealed(item: nil, actions: shortcuts),
            .actionHighlighted(index: 0, action: shortcuts[0]), .actionHighlighted(index: 1, action: shortcuts[1]),
            .actionHighlighted(index: 2, action: shortcuts[2]), .actionHighlighted(index: 3, action: shortcuts[3]),
            .actionPerformed(item: nil, action: shortcuts[3]), .scrolled(firstRow: 0), .scrolledToTop,
        ])
        #expect(session.overlay.phase == .idle && session.overlay.lastOutcome == .performed(item: nil, action: shortcuts[3]))
        #expect(player.played == [FeedbackPatterns.impact(.heavy)], "the quick action's own ticks are the session's")
        #expect(session.overlay.pipeline.summary.actionsPerformed == 1)
    }

    @Test func thePeekActionRecordingRatesTheOctopusDownFromItsActions() throws {
        let player = Player()
        let session = try RecordingSession("peek-action.evemu", haptics: OverlayHaptics(player: player))
        let actions = session.overlay.cellActions(for: 7)
        #expect(actions.map(\.identifier) == ["rate-up", "rate-down", "copy-name"], "no clear without a rating")
        let rateDown = PreviewAction(identifier: "rate-down", title: "Rate 👎")
        #expect(Self.interactions(session) == [
            .pressBegan(item: 5), .previewUpdated(progress: 1, ended: true), .actionsRevealed(item: 5, actions: actions),
            .actionHighlighted(index: 0, action: actions[0]), .actionHighlighted(index: 1, action: rateDown),
            .actionPerformed(item: 5, action: rateDown), .rated(item: 5, rating: .down),
        ])
        #expect(session.overlay.rating(of: 5) == .down)
        // The pen crossed the middle of the cell on its way up, during the commit: one tick per change.
        let thumbs = session.recorder.events.filter { if case .thumbChanged = $0.kind { true } else { false } }
        #expect(!thumbs.isEmpty)
        #expect(player.played.count == thumbs.count && player.played.allSatisfy { $0 == FeedbackPatterns.selection })
    }

    @Test func aRatedCellOffersToClearItsRatingWithTheCurrentOneChecked() {
        let overlay = RatingOverlay(pipeline: InputPipeline(device: TestTouchscreen.device), ratings: ["🐙": .up])
        let recorder = EventRecorder()
        overlay.observer = recorder
        let actions = overlay.cellActions(for: 5)
        #expect(actions.map(\.identifier) == ["rate-up", "rate-down", "clear-rating", "copy-name"])
        #expect(actions.map(\.style) == [.selected, .default, .destructive, .default])
        overlay.perform(actions[2], on: 5)
        #expect(overlay.rating(of: 5) == nil)
        overlay.perform(actions[3], on: 5)
        #expect(recorder.events.map(\.kind).suffix(3) == [
            .ratingCleared(item: 5), .actionPerformed(item: 5, action: actions[3]), .nameCopied(item: 5, name: "octopus"),
        ])
    }

    @Test func theQuickActionsFollowTheOverlaysState() {
        func overlay() -> RatingOverlay {
            RatingOverlay(pipeline: InputPipeline(device: TestTouchscreen.device), ratings: ["🐙": .up, "😀": .down])
        }
        let rater = overlay()
        let recorder = EventRecorder()
        rater.observer = recorder
        func perform(_ identifier: String) {
            rater.perform(rater.shortcuts.actions.first { $0.identifier == identifier }!, on: nil)
        }
        perform("show-rated")
        #expect(rater.showsRatedOnly && rater.shortcuts.actions[0].title == "Show all" && rater.shortcuts.actions[0].style == .selected)
        perform("show-rated")
        #expect(!rater.showsRatedOnly && rater.shortcuts.actions[0].title == "Show rated only")
        perform("clear-all")
        #expect(rater.ratedItems.isEmpty && recorder.events.last?.kind == .ratingsCleared(count: 2))
        // Random jumps bring their emoji into view, the same ones on every run.
        var rows: [Int] = []
        for _ in 0..<5 {
            perform("random-emoji")
            rows.append(rater.firstVisibleRow)
        }
        let again = overlay()
        var againRows: [Int] = []
        for _ in 0..<5 {
            again.perform(again.shortcuts.actions[2], on: nil)
            againRows.append(again.firstVisibleRow)
        }
        #expect(rows == againRows && Set(rows).count > 1)
    }
}
