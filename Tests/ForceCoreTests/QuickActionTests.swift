import ForceCore
import Testing

/// Quick actions: an interaction whose `actionLayout` is `.quickActions` shows at most four of
/// its delegate's actions at the peek, stacked downward from the press; sliding down onto one
/// and lifting performs it; the commit never happens while they are shown; the set is asked
/// for anew at every peek, so it may change between presses.
///
/// The area has 10 units per millimetre: rows are 50 units tall and start 25 below the press
/// (row 0 25..<75, row 1 75..<125, row 2 125..<175, row 3 175..<225).
@Suite("Quick actions")
struct QuickActionTests {
    let interaction = PreviewInteraction(area: PreviewActionSequenceTests.area)
    let log: InteractionLog

    init() {
        interaction.actionLayout = .quickActions
        log = InteractionLog(observing: interaction)
        log.actions = PreviewAction.numbered(6)
    }

    @Test func theyAppearAtThePeekAndALiftOnOnePerformsIt() {
        var finger = ScriptedTouch(identifier: 1, x: 1000, y: 50)
        interaction.update(with: [finger.press(1.5)])
        interaction.update(with: [finger.press(2.5)])
        #expect(log.calls.suffix(3) == [.preview(1, ended: true), .feedback(.peek), .revealed(["a0", "a1", "a2", "a3"])])
        #expect(interaction.state == .actions)
        interaction.update(with: [finger.move(x: 1000, y: 50 + 150, force: 6)])
        interaction.update(with: [finger.lift()])
        #expect(log.calls.suffix(3) == [.highlighted(2), .feedback(.selection), .performed("a2")])
        #expect(!log.calls.contains { if case .commit = $0 { true } else { false } }, "no commit: \(log.calls)")
        #expect(interaction.statistics.actionsPerformed == 1)
    }

    @Test func theyNeverHideAndTheSetMayChangeBetweenPresses() {
        var finger = ScriptedTouch(identifier: 1, x: 1000, y: 500)
        interaction.update(with: [finger.press(2.5)])
        interaction.update(with: [finger.move(x: 1000, y: 100, force: 2.5)])
        #expect(interaction.state == .actions, "sliding the other way does not hide them")
        interaction.update(with: [finger.lift()])
        #expect(log.calls.suffix(2) == [.revealed(["a0", "a1", "a2", "a3"]), .cancel])

        log.actions = [PreviewAction(identifier: "sign-in", title: "Sign in")]
        var second = ScriptedTouch(identifier: 2, x: 1000, y: 500)
        interaction.update(with: [second.press(2.5)])
        interaction.update(with: [second.move(x: 1000, y: 540, force: 2.5)])
        interaction.update(with: [second.lift()])
        #expect(log.calls.suffix(4) == [.revealed(["sign-in"]), .highlighted(0), .feedback(.selection), .performed("sign-in")])
        #expect(log.actionRequests == 2)
    }

    @Test func withoutActionsThePressCommitsAsUsual() {
        log.actions = []
        var finger = ScriptedTouch(identifier: 1, x: 1000, y: 500)
        interaction.update(with: [finger.press(2.5)])
        interaction.update(with: [finger.press(6)])
        #expect(log.calls.suffix(2) == [.commit(1, ended: true), .feedback(.pop)])
    }

    @Test func aHapticTouchShowsThemAtItsPeekAndTimeStopsDrivingIt() {
        let interaction = PreviewInteraction(area: heldTouchArea)
        interaction.actionLayout = .quickActions
        let log = TimedInteractionLog(observing: interaction)
        log.log.actions = PreviewAction.numbered(2)
        var finger = HeldTouch(x: 500, y: 100)
        interaction.update(with: [finger.at(1_000_000)])
        interaction.advance(to: 1_500_000)
        #expect(log.calls.suffix(2) == [.feedback(.peek), .revealed(["a0", "a1"])])
        #expect(interaction.nextDeadline == nil, "the commit no longer progresses with time")
        // 1000 units is the shorter side: rows of 100 start 50 below the press.
        interaction.update(with: [finger.at(1_700_000, dy: 160)])
        interaction.update(with: [finger.lift(at: 3_000_000)])
        #expect(log.calls.suffix(3) == [.highlighted(1), .feedback(.selection), .performed("a1")])
    }
}
