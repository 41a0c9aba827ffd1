import ForceCore
import Testing

/// `shouldBegin` returning false: the touch is asked again only after its force has fallen below
/// `begin - hysteresis` (0.9 with the defaults) and risen to `begin` again.
@Suite("Preview interaction: declined begin")
struct PreviewInteractionDeclineTests {
    @Test func declinedTouchIsAskedAgainOnlyAfterFallingBelowTheHysteresis() {
        let interaction = PreviewInteraction()
        let log = InteractionLog(observing: interaction)
        log.shouldBeginAnswers = [false, true]
        var finger = ScriptedTouch(identifier: 1)
        for force in [0.5, 1.2, 1.5, 2.5, 0.95, 1.3] {
            interaction.update(with: [finger.press(force)])
        }
        #expect(log.calls == [.shouldBegin(false)])
        #expect(interaction.state == .possible)
        #expect(!interaction.isActive)

        interaction.update(with: [finger.press(0.85)])
        #expect(log.calls == [.shouldBegin(false)])
        interaction.update(with: [finger.press(1.25)])
        #expect(log.calls == [.shouldBegin(false), .shouldBegin(true), .preview(0.25, ended: false)])
        #expect(interaction.isActive)
        #expect(interaction.statistics.began == 1)
    }

    @Test func declinedTouchLiftingCallsNothingMore() {
        let interaction = PreviewInteraction()
        let log = InteractionLog(observing: interaction)
        log.shouldBeginAnswers = [false]
        var finger = ScriptedTouch(identifier: 1)
        interaction.update(with: [finger.press(3.5)])
        interaction.update(with: [finger.lift()])
        #expect(log.calls == [.shouldBegin(false)])
        #expect(interaction.statistics.counts == [0, 0, 0, 0])
    }

    @Test func everyNewTouchIsAskedAfresh() {
        let interaction = PreviewInteraction()
        let log = InteractionLog(observing: interaction)
        log.shouldBeginAnswers = [false, true]
        var first = ScriptedTouch(identifier: 1)
        interaction.update(with: [first.press(1.5)])
        interaction.update(with: [first.lift()])
        var second = ScriptedTouch(identifier: 2)
        interaction.update(with: [second.press(1.5)])
        #expect(log.calls == [.shouldBegin(false), .shouldBegin(true), .preview(0.5, ended: false)])
    }

    @Test func delegateDefaultAnswersYes() {
        final class Minimal: PreviewInteractionDelegate {
            var previews: [Double] = []
            var cancels = 0
            func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdatePreviewTransition transitionProgress: Double, ended: Bool) {
                previews.append(transitionProgress)
            }
            func previewInteractionDidCancel(_ previewInteraction: PreviewInteraction) { cancels += 1 }
        }
        let interaction = PreviewInteraction()
        let delegate = Minimal()
        interaction.delegate = delegate
        var finger = ScriptedTouch(identifier: 1)
        interaction.update(with: [finger.press(1.5)])
        interaction.update(with: [finger.press(2.5)])
        interaction.update(with: [finger.lift()])
        #expect(delegate.previews == [0.5, 1])
        #expect(delegate.cancels == 1)
    }
}
