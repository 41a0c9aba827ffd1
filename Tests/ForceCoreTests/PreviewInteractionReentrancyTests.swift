import ForceCore
import Testing

/// Apps cancel from inside delegate callbacks (`cancel()` while handling an update): the
/// interaction must still end with exactly one terminal call and then stay silent.
@Suite("Preview interaction: cancel from a callback")
struct PreviewInteractionReentrancyTests {
    private func run(cancellingAfter trigger: InteractionLog.Call, forces: [Double]) -> (PreviewInteraction, [InteractionLog.Call]) {
        let interaction = PreviewInteraction()
        let log = InteractionLog(observing: interaction)
        log.onCall = { interaction, call in
            if call == trigger { interaction.cancel() }
        }
        var finger = ScriptedTouch(identifier: 1)
        for force in forces { interaction.update(with: [finger.press(force)]) }
        interaction.update(with: [finger.lift()])
        return (interaction, log.calls)
    }

    @Test func cancelInsideShouldBegin() {
        let (interaction, calls) = run(cancellingAfter: .shouldBegin(true), forces: [1.5, 2.5, 3.5])
        // Cancelled before it began: no preview, no terminal call.
        #expect(calls == [.shouldBegin(true)])
        #expect(interaction.statistics.counts == [0, 0, 0, 0])
        #expect(interaction.state == .idle)
    }

    @Test func cancelInsidePreviewProgress() {
        let (_, calls) = run(cancellingAfter: .preview(0.5, ended: false), forces: [1.5, 2.5, 3.5])
        #expect(calls == [.shouldBegin(true), .preview(0.5, ended: false), .cancel])
    }

    @Test func cancelWhenThePreviewEnds() {
        let (interaction, calls) = run(cancellingAfter: .preview(1, ended: true), forces: [1.5, 2.5, 3.5])
        #expect(calls == [.shouldBegin(true), .preview(0.5, ended: false), .preview(1, ended: true), .cancel])
        #expect(interaction.statistics.counts == [1, 1, 0, 1])
    }

    @Test func cancelWhenThePreviewEndsInAHardPress() {
        let (_, calls) = run(cancellingAfter: .preview(1, ended: true), forces: [4])
        #expect(calls == [.shouldBegin(true), .preview(1, ended: true), .cancel])
    }

    @Test func cancelInsideCommitProgress() {
        let (interaction, calls) = run(cancellingAfter: .commit(0.5, ended: false), forces: [2.5, 3.5])
        #expect(calls == [.shouldBegin(true), .preview(1, ended: true), .feedback(.peek), .commit(0.5, ended: false), .cancel])
        #expect(interaction.statistics.counts == [1, 1, 0, 1])
    }

    @Test func cancelAfterTheCommitEndedDoesNothing() {
        let (interaction, calls) = run(cancellingAfter: .commit(1, ended: true), forces: [3.5])
        #expect(calls == [.shouldBegin(true), .preview(1, ended: true), .feedback(.peek), .commit(1, ended: true), .feedback(.pop)])
        #expect(interaction.statistics.counts == [1, 1, 1, 0])
    }
}
