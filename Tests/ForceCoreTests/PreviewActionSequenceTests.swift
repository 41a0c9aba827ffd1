import ForceCore
import Testing

/// Peek actions on force-driven touches: sliding up after the peek reveals the delegate's
/// actions, moving over one highlights it with a selection tick, lifting on it performs it (the
/// one terminal call), sliding back down hides them, and once revealed the commit never happens.
///
/// The area has 10 units per millimetre, so the peek actions reveal 60 units up from where the
/// peek happened, their rows are 50 units tall and start at 85: row 0 is 85..<135, row 1
/// 135..<185, row 2 185..<235.
@Suite("Preview actions: sequences")
struct PreviewActionSequenceTests {
    static let area = DeviceArea(xRange: 0...2000, yRange: 0...2000, xResolution: 10, yResolution: 10)

    let interaction = PreviewInteraction(area: Self.area)
    let log: InteractionLog
    var finger = ScriptedTouch(identifier: 1, x: 1000, y: 1000)

    init() {
        log = InteractionLog(observing: interaction)
        log.actions = PreviewAction.numbered(3)
    }

    /// Presses through the peek (commit progress 0.5) and forgets the calls so far.
    mutating func peek() {
        interaction.update(with: [finger.press(2.5)])
        #expect(interaction.state == .commit)
        log.removeAll()
    }

    /// Moves the touch to `travel` units above where it peeked.
    mutating func slide(to travel: Double, force: Double = 2.5) {
        interaction.update(with: [finger.move(x: 1000, y: 1000 - travel, force: force)])
    }

    @Test mutating func slidingUpRevealsHighlightsAndLiftingPerforms() {
        peek()
        slide(to: 50)
        #expect(log.calls.isEmpty, "not yet the reveal distance")
        #expect(log.actionRequests == 0)
        slide(to: 65)
        #expect(log.calls == [.revealed(["a0", "a1", "a2"])])
        #expect(interaction.state == .actions)
        #expect(interaction.actions == PreviewAction.numbered(3))
        slide(to: 100)
        slide(to: 150)
        interaction.update(with: [finger.lift()])
        #expect(log.calls == [
            .revealed(["a0", "a1", "a2"]), .highlighted(0), .feedback(.selection), .highlighted(1), .feedback(.selection),
            .performed("a1"),
        ])
        #expect(interaction.statistics.counts == [1, 1, 0, 0])
        #expect(interaction.statistics.actionsPerformed == 1)
        #expect(interaction.state == .idle)
        #expect(interaction.actions.isEmpty && interaction.highlightedActionIndex == nil)
        #expect(log.actionRequests == 1)
    }

    @Test mutating func onceRevealedTheCommitNeverHappens() {
        peek()
        slide(to: 70)
        interaction.update(with: [finger.press(6)])
        #expect(log.calls == [.revealed(["a0", "a1", "a2"])])
        interaction.update(with: [finger.lift()])
        #expect(log.calls == [.revealed(["a0", "a1", "a2"]), .cancel], "a lift on no action cancels")
        #expect(interaction.statistics.counts == [1, 1, 0, 1])
    }

    @Test mutating func aFrameThatRevealsAndPressesPastTheCommitReveals() {
        peek()
        slide(to: 100, force: 6)
        #expect(log.calls == [.revealed(["a0", "a1", "a2"]), .highlighted(0), .feedback(.selection)])
        #expect(interaction.state == .actions)
    }

    @Test mutating func slidingBackDownHidesThemAndTheCommitStaysOff() {
        peek()
        slide(to: 100)
        slide(to: 40)
        #expect(interaction.state == .actions, "within half the reveal distance they stay")
        #expect(log.calls.suffix(1) == [.highlighted(nil)], "below the first row nothing is highlighted")
        slide(to: 29)
        #expect(log.calls.suffix(1) == [.hidden])
        #expect(interaction.state == .actionsHidden)
        interaction.update(with: [finger.press(6)])
        #expect(log.calls.suffix(1) == [.hidden], "no commit after the actions were shown")
        slide(to: 70)
        #expect(log.calls.suffix(1) == [.revealed(["a0", "a1", "a2"])])
        #expect(log.actionRequests == 1, "asked once per interaction")
        slide(to: 10)
        interaction.update(with: [finger.lift()])
        #expect(log.calls.suffix(2) == [.hidden, .cancel])
    }

    @Test mutating func hidingWhileHighlightedTakesTheHighlightAwayFirst() {
        peek()
        slide(to: 150)
        slide(to: 0)
        #expect(log.calls.suffix(2) == [.highlighted(nil), .hidden])
        #expect(interaction.highlightedActionIndex == nil)
    }

    @Test mutating func rowsKeepTheirHighlightAnEighthOfARowBeyondTheirEdges() {
        peek()
        slide(to: 100)
        slide(to: 141)
        #expect(interaction.highlightedActionIndex == 0, "6.25 units of margin")
        slide(to: 142)
        #expect(interaction.highlightedActionIndex == 1)
        slide(to: 129)
        #expect(interaction.highlightedActionIndex == 1)
        slide(to: 128)
        #expect(interaction.highlightedActionIndex == 0)
    }

    @Test mutating func pastTheLastRowNothingIsHighlightedAndTheLiftCancels() {
        peek()
        slide(to: 200)
        slide(to: 300)
        interaction.update(with: [finger.lift()])
        #expect(log.calls.suffix(3) == [.feedback(.selection), .highlighted(nil), .cancel])
        #expect(interaction.statistics.actionsPerformed == 0)
    }

    @Test mutating func withoutActionsSlidingUpStillCommits() {
        log.actions = []
        peek()
        slide(to: 150)
        slide(to: 250)
        interaction.update(with: [finger.press(6)])
        #expect(log.calls == [.commit(1, ended: true), .feedback(.pop)])
        #expect(log.actionRequests == 1)
    }

    @Test mutating func aCancelledTouchNeverPerforms() {
        peek()
        slide(to: 100)
        interaction.update(with: [finger.cancelled(asPalm: true)])
        #expect(log.calls.suffix(1) == [.cancel])
        #expect(interaction.statistics.actionsPerformed == 0)
    }

    @Test mutating func invalidatingOrCancellingWhileChoosingCancelsOnce() {
        peek()
        slide(to: 100)
        interaction.invalidate()
        #expect(log.calls.suffix(1) == [.cancel])
        log.removeAll()
        finger = ScriptedTouch(identifier: 2, x: 1000, y: 1000)
        peek()
        slide(to: 150)
        interaction.cancel()
        interaction.update(with: [finger.lift()])
        #expect(log.calls.suffix(1) == [.cancel])
        #expect(interaction.statistics.cancels == 2)
    }

    @Test mutating func theDelegateMayCancelFromInsideAnyActionCall() {
        for trigger in [InteractionLog.Call.revealed(["a0", "a1", "a2"]), .highlighted(0), .feedback(.selection)] {
            let interaction = PreviewInteraction(area: Self.area)
            let log = InteractionLog(observing: interaction)
            log.actions = PreviewAction.numbered(3)
            log.onCall = { interaction, call in if call == trigger { interaction.cancel() } }
            var finger = ScriptedTouch(identifier: 1, x: 1000, y: 1000)
            interaction.update(with: [finger.press(2.5)])
            interaction.update(with: [finger.move(x: 1000, y: 900, force: 2.5)])
            interaction.update(with: [finger.lift()])
            PreviewInteractionPropertyTests.checkGrammar(log.calls)
            #expect(log.calls.filter(\.isTerminal) == [.cancel], "cancelled at \(trigger): \(log.calls)")
        }
    }

    @Test func theDelegateMayCancelWhileSupplyingTheActions() {
        let interaction = PreviewInteraction(area: Self.area)
        let supplier = CancellingSupplier()
        interaction.delegate = supplier
        var finger = ScriptedTouch(identifier: 1, x: 1000, y: 1000)
        interaction.update(with: [finger.press(2.5)])
        interaction.update(with: [finger.move(x: 1000, y: 900, force: 2.5)])
        interaction.update(with: [finger.lift()])
        #expect(supplier.calls == ["actions", "cancel"])
        #expect(interaction.statistics.cancels == 1)
    }

    @Test mutating func withoutAnAreaNothingIsRevealed() {
        let interaction = PreviewInteraction()
        let log = InteractionLog(observing: interaction)
        log.actions = PreviewAction.numbered(2)
        interaction.update(with: [finger.press(2.5)])
        interaction.update(with: [finger.move(x: 1000, y: 0, force: 2.5)])
        interaction.update(with: [finger.press(6)])
        #expect(log.calls.suffix(2) == [.commit(1, ended: true), .feedback(.pop)])
        #expect(log.actionRequests == 0)
    }

    /// Supplies actions after cancelling the interaction.
    final class CancellingSupplier: PreviewInteractionDelegate {
        var calls: [String] = []
        func previewActions(for previewInteraction: PreviewInteraction) -> [PreviewAction] {
            calls.append("actions")
            previewInteraction.cancel()
            return PreviewAction.numbered(2)
        }
        func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdatePreviewTransition transitionProgress: Double, ended: Bool) {}
        func previewInteraction(_ previewInteraction: PreviewInteraction, didRevealActions actions: [PreviewAction]) { calls.append("reveal") }
        func previewInteractionDidCancel(_ previewInteraction: PreviewInteraction) { calls.append("cancel") }
    }
}
