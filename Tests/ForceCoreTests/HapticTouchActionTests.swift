import ForceCore
import Testing

/// Peek actions on Haptic Touch: after the peek (by time held), sliding up reveals the actions
/// exactly as on force-driven touches, and from then on time no longer drives the commit.
///
/// `heldTouchArea` has no resolution and a 1000-unit shorter side: the actions reveal 125 units
/// up, rows are 100 units tall and start at 175.
@Suite("Haptic Touch: preview actions")
struct HapticTouchActionTests {
    let interaction = PreviewInteraction(area: heldTouchArea)
    let log: TimedInteractionLog
    var finger = HeldTouch()

    init() {
        log = TimedInteractionLog(observing: interaction)
        log.log.actions = PreviewAction.numbered(3)
    }

    @Test mutating func slidingUpAfterThePeekRevealsAndALiftPerforms() {
        interaction.update(with: [finger.at(1_000_000)])
        interaction.advance(to: 1_500_000)
        #expect(interaction.state == .commit)
        interaction.update(with: [finger.at(1_550_000, dy: -130)])
        #expect(log.calls.suffix(1) == [.revealed(["a0", "a1", "a2"])])
        #expect(interaction.nextDeadline == nil)
        interaction.update(with: [finger.at(1_600_000, dy: -160)])
        interaction.advance(to: 2_500_000)
        interaction.update(with: [finger.lift(at: 2_600_000)])
        #expect(log.calls.suffix(4) == [.revealed(["a0", "a1", "a2"]), .highlighted(1), .feedback(.selection), .performed("a1")])
        #expect(!log.calls.contains(.commit(1, ended: true)))
        #expect(log.time(of: .performed("a1")) == 2_600_000)
        PreviewInteractionPropertyTests.checkGrammar(log.calls)
    }

    @Test mutating func movingBeforeThePeekIsStillADrag() {
        interaction.update(with: [finger.at(1_000_000)])
        interaction.update(with: [finger.at(1_050_000, dy: -300)])
        interaction.advance(to: 2_500_000)
        interaction.update(with: [finger.lift(at: 2_600_000)])
        #expect(log.calls.isEmpty)
        #expect(log.log.actionRequests == 0)
    }

    @Test mutating func slidingBackDownHidesAndTheHoldNeverPops() {
        interaction.update(with: [finger.at(1_000_000)])
        interaction.advance(to: 1_500_000)
        interaction.update(with: [finger.at(1_550_000, dy: -200)])
        interaction.update(with: [finger.at(1_600_000, dy: 150)])
        #expect(log.calls.suffix(2) == [.highlighted(nil), .hidden])
        #expect(interaction.nextDeadline == nil)
        interaction.advance(to: 3_000_000)
        interaction.update(with: [finger.lift(at: 3_100_000)])
        #expect(log.calls.suffix(2) == [.hidden, .cancel])
    }
}
