import ForceCore
import Testing

/// Haptic Touch on a touch without force: held still it begins after the begin delay, previews
/// until the peek and commits at the pop, with progress at fixed steps of the time held.
@Suite("Haptic Touch: sequences")
struct HapticTouchSequenceTests {
    let interaction = PreviewInteraction(area: heldTouchArea)

    @Test func heldStillBeginsPeeksAndPopsOnTheFastSchedule() throws {
        let log = TimedInteractionLog(observing: interaction)
        var finger = HeldTouch()
        interaction.update(with: [finger.at(1_000_000)])
        #expect(interaction.state == .possible)
        #expect(interaction.nextDeadline == 1_150_000)
        interaction.update(with: [finger.lift(at: 2_100_000)])

        #expect(log.calls.first == .shouldBegin(true))
        #expect(log.time(of: .shouldBegin(true)) == 1_150_000)
        #expect(log.time(of: .preview(0, ended: false)) == 1_150_000)
        #expect(log.time(of: .preview(1, ended: true)) == 1_500_000)
        #expect(log.time(of: .feedback(.peek)) == 1_500_000)
        #expect(log.time(of: .commit(0, ended: false)) == 1_500_000)
        #expect(log.time(of: .commit(1, ended: true)) == 2_000_000)
        #expect(log.time(of: .feedback(.pop)) == 2_000_000)
        #expect(log.calls.last == .feedback(.pop))
        PreviewInteractionPropertyTests.checkGrammar(log.calls)
        // 350 ms of preview at 16.667 ms steps: progress 0 and 20 steps, then the end; the
        // commit's 500 ms: progress 0 (at the peek) and 29 steps, then the end.
        let previews = log.entries.filter { if case .preview(_, ended: false) = $0.call { true } else { false } }
        let commits = log.entries.filter { if case .commit(_, ended: false) = $0.call { true } else { false } }
        #expect(previews.count == 21)
        #expect(commits.count == 30)
        #expect(previews.map(\.time) == (0...20).map { 1_150_000 + Int64($0) * 16_667 })
        #expect(interaction.statistics.counts == [1, 1, 1, 0])
        #expect(interaction.state == .idle)
        #expect(interaction.nextDeadline == nil)
    }

    @Test func theTimerDrivesProgressWithoutFrames() {
        let log = InteractionLog(observing: interaction)
        var finger = HeldTouch()
        interaction.update(with: [finger.at(0)])
        interaction.advance(to: 149_999)
        #expect(log.calls.isEmpty)
        #expect(interaction.timestamp == 149_999)
        interaction.advance(to: 150_000)
        #expect(log.calls == [.shouldBegin(true), .preview(0, ended: false)])
        #expect(interaction.nextDeadline == 166_667)
        interaction.advance(to: 10_000)
        #expect(interaction.timestamp == 150_000, "the clock never goes back")
        while let deadline = interaction.nextDeadline { interaction.advance(to: deadline) }
        #expect(interaction.state == .completed)
        #expect(interaction.statistics.counts == [1, 1, 1, 0])
        #expect(interaction.timestamp == 1_000_000)
    }

    @Test func aTapBeginsNothing() {
        let log = InteractionLog(observing: interaction)
        var finger = HeldTouch()
        interaction.update(with: [finger.at(0)])
        interaction.update(with: [finger.at(60_000)])
        interaction.update(with: [finger.lift(at: 120_000)])
        interaction.advance(to: 5_000_000)
        #expect(log.calls.isEmpty)
        #expect(interaction.state == .idle)
    }

    @Test func movingBeyondTheSlopBeforeTheBeginIsADragThatNeverBegins() {
        let log = InteractionLog(observing: interaction)
        var finger = HeldTouch()
        interaction.update(with: [finger.at(0)])
        interaction.update(with: [finger.at(40_000, dy: -31)])
        #expect(interaction.state == .possible, "31 units is inside the 31.25-unit slop")
        interaction.update(with: [finger.at(80_000, dy: -2)])
        #expect(interaction.state == .cancelled)
        #expect(interaction.nextDeadline == nil)
        interaction.update(with: [finger.at(1_500_000)])
        interaction.update(with: [finger.lift(at: 1_600_000)])
        #expect(log.calls.isEmpty)
        #expect(interaction.statistics.counts == [0, 0, 0, 0])
        #expect(interaction.state == .idle)
    }

    @Test func movingBeyondTheSlopDuringThePreviewCancels() {
        let log = TimedInteractionLog(observing: interaction)
        var finger = HeldTouch()
        interaction.update(with: [finger.at(0)])
        interaction.update(with: [finger.at(300_000, dx: 25, dy: 25)])
        #expect(log.calls.last == .cancel)
        #expect(log.time(of: .cancel) == 300_000)
        #expect(interaction.state == .cancelled)
        #expect(interaction.nextDeadline == nil)
        interaction.update(with: [finger.lift(at: 2_000_000)])
        PreviewInteractionPropertyTests.checkGrammar(log.calls)
        #expect(interaction.statistics.counts == [1, 0, 0, 1])
    }

    @Test func afterThePeekTheTouchMayMoveAndStillCommits() {
        let log = InteractionLog(observing: interaction)
        var finger = HeldTouch()
        interaction.update(with: [finger.at(0)])
        interaction.update(with: [finger.at(600_000, dy: -400)])
        #expect(interaction.state == .commit)
        #expect(interaction.touch?.y == 600)
        interaction.update(with: [finger.lift(at: 1_200_000)])
        #expect(log.calls.suffix(2) == [.commit(1, ended: true), .feedback(.pop)])
        #expect(interaction.statistics.counts == [1, 1, 1, 0])
    }

    @Test func liftingDuringTheCommitCancels() {
        let log = TimedInteractionLog(observing: interaction)
        var finger = HeldTouch()
        interaction.update(with: [finger.at(0)])
        interaction.update(with: [finger.lift(at: 700_000)])
        #expect(log.calls.last == .cancel)
        #expect(log.time(of: .cancel) == 700_000)
        #expect(interaction.statistics.counts == [1, 1, 0, 1])
        PreviewInteractionPropertyTests.checkGrammar(log.calls)
    }

    @Test func theSlowTouchDurationTakesOnePointSixTimesAsLong() {
        interaction.sensitivity.touchDuration = .slow
        let log = TimedInteractionLog(observing: interaction)
        var finger = HeldTouch()
        interaction.update(with: [finger.at(0)])
        interaction.update(with: [finger.lift(at: 2_000_000)])
        #expect(log.time(of: .shouldBegin(true)) == 240_000)
        #expect(log.time(of: .feedback(.peek)) == 800_000)
        #expect(log.time(of: .feedback(.pop)) == 1_600_000)
        #expect(HapticTouchTiming.slow.popTime == HapticTouchTiming.fast.popTime * 8 / 5)
    }

    @Test func aDeclinedHoldIsNotAskedAgain() {
        let log = InteractionLog(observing: interaction)
        log.shouldBeginAnswers = [false]
        var finger = HeldTouch()
        interaction.update(with: [finger.at(0)])
        interaction.advance(to: 3_000_000)
        #expect(log.calls == [.shouldBegin(false)])
        #expect(interaction.state == .possible)
        #expect(interaction.nextDeadline == nil)
        interaction.update(with: [finger.lift(at: 3_100_000)])
        #expect(interaction.statistics.counts == [0, 0, 0, 0])
    }

    @Test func cancellingFromInsideAProgressCallEndsTheHold() {
        let log = InteractionLog(observing: interaction)
        log.onCall = { interaction, call in
            if call == .preview(0, ended: false) { interaction.cancel() }
        }
        var finger = HeldTouch()
        interaction.update(with: [finger.at(0)])
        interaction.advance(to: 2_000_000)
        #expect(log.calls == [.shouldBegin(true), .preview(0, ended: false), .cancel])
        #expect(interaction.nextDeadline == nil)
        #expect(interaction.statistics.counts == [1, 0, 0, 1])
    }

    @Test func aSecondFingerNeverTakesOverAHold() {
        let log = InteractionLog(observing: interaction)
        var first = HeldTouch(identifier: 1)
        var second = HeldTouch(identifier: 2, x: 100, y: 100)
        interaction.update(with: [first.at(0)])
        interaction.update(with: [second.at(100_000)])
        interaction.update(with: [second.at(200_000, dx: 300)])
        interaction.update(with: [second.lift(at: 300_000)])
        interaction.update(with: [first.lift(at: 1_100_000)])
        #expect(log.calls.suffix(2) == [.commit(1, ended: true), .feedback(.pop)])
        #expect(interaction.statistics.counts == [1, 1, 1, 0])
    }

    @Test func forceDrivenTouchesScheduleNothing() {
        var pen = ScriptedTouch(identifier: 1)
        interaction.update(with: [pen.press(0.5)])
        #expect(interaction.state == .possible)
        #expect(interaction.nextDeadline == nil)
    }

    @Test func anInteractionTurnedOffIgnoresHolds() {
        let off = PreviewInteraction(isAvailable: false, area: heldTouchArea)
        let log = InteractionLog(observing: off)
        var finger = HeldTouch()
        off.update(with: [finger.at(0)])
        off.advance(to: 2_000_000)
        #expect(off.nextDeadline == nil)
        #expect(log.calls.isEmpty)
    }
}
