import ForceCore
import Testing

/// The feedback hook: `.peek` when the preview ends and `.pop` at commit, exactly once each.
@Suite("Preview interaction: feedback hook")
struct PreviewFeedbackTests {
    final class Moments: PreviewFeedback {
        var moments: [PreviewFeedbackMoment] = []
        func previewInteraction(_ interaction: PreviewInteraction, didReach moment: PreviewFeedbackMoment) {
            moments.append(moment)
        }
    }

    @Test func peekThenPopOnceEachEvenWhenForceHovers() {
        let interaction = PreviewInteraction()
        let feedback = Moments()
        interaction.feedback = feedback
        var finger = ScriptedTouch(identifier: 1)
        for force in [0.5, 1.5, 2.0, 1.5, 2.2, 1.9, 2.9, 3.0, 2.0, 3.5] {
            interaction.update(with: [finger.press(force)])
        }
        interaction.update(with: [finger.lift()])
        #expect(feedback.moments == [.peek, .pop])
    }

    @Test func cancelledPreviewPlaysNoPop() {
        let interaction = PreviewInteraction()
        let feedback = Moments()
        interaction.feedback = feedback
        var finger = ScriptedTouch(identifier: 1)
        interaction.update(with: [finger.press(2.5)])
        interaction.update(with: [finger.lift()])
        #expect(feedback.moments == [.peek])
    }

    @Test func feedbackWorksWithoutADelegate() {
        let interaction = PreviewInteraction()
        let feedback = Moments()
        interaction.feedback = feedback
        var finger = ScriptedTouch(identifier: 1)
        interaction.update(with: [finger.press(3.0)])
        #expect(feedback.moments == [.peek, .pop])
    }

    @Test func peekComesAfterThePreviewEndsAndPopAfterTheCommitEnds() {
        let interaction = PreviewInteraction()
        let log = InteractionLog(observing: interaction)
        var finger = ScriptedTouch(identifier: 1)
        interaction.update(with: [finger.press(3.0)])
        let peek = log.calls.firstIndex(of: .feedback(.peek))
        let pop = log.calls.firstIndex(of: .feedback(.pop))
        #expect(peek == log.calls.firstIndex(of: .preview(1, ended: true)).map { $0 + 1 })
        #expect(pop == log.calls.firstIndex(of: .commit(1, ended: true)).map { $0 + 1 })
    }
}
