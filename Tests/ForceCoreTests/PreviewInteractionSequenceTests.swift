import ForceCore
import Testing

/// The exact delegate calls of one interaction, with the default thresholds (begin 1, preview end 2,
/// commit end 3 in force units), from first press to the terminal call.
@Suite("Preview interaction: call sequences")
final class PreviewInteractionSequenceTests {
    private let interaction = PreviewInteraction()
    private let log: InteractionLog
    private var finger = ScriptedTouch(identifier: 1)

    init() {
        log = InteractionLog(observing: interaction)
    }

    private func press(_ forces: Double...) {
        for force in forces { interaction.update(with: [finger.press(force)]) }
    }

    @Test func pressThroughCommit() {
        press(0.5)
        #expect(log.calls.isEmpty)
        #expect(interaction.state == .possible)
        press(1.0)
        #expect(log.calls == [.shouldBegin(true), .preview(0, ended: false)])
        #expect(interaction.state == .preview)
        press(1.5, 2.0)
        press(2.5, 3.0)
        #expect(interaction.state == .completed)
        press(3.5, 1.0)
        interaction.update(with: [finger.lift()])
        #expect(interaction.state == .idle)
        #expect(log.calls == [
            .shouldBegin(true), .preview(0, ended: false), .preview(0.5, ended: false),
            .preview(1, ended: true), .feedback(.peek), .commit(0, ended: false),
            .commit(0.5, ended: false), .commit(1, ended: true), .feedback(.pop),
        ])
        #expect(interaction.statistics.counts == [1, 1, 1, 0])
    }

    @Test func hardPressInOneFrameStillEndsEachPhaseOnce() {
        press(4.0)
        #expect(log.calls == [
            .shouldBegin(true), .preview(1, ended: true), .feedback(.peek), .commit(1, ended: true), .feedback(.pop),
        ])
    }

    @Test func liftDuringThePreviewCancels() {
        press(0.2, 1.25, 1.75)
        interaction.update(with: [finger.lift()])
        #expect(log.calls == [.shouldBegin(true), .preview(0.25, ended: false), .preview(0.75, ended: false), .cancel])
        #expect(interaction.statistics.counts == [1, 0, 0, 1])
        #expect(interaction.state == .idle)
    }

    @Test func liftDuringTheCommitTransitionCancels() {
        press(1.5, 2.5)
        interaction.update(with: [finger.lift()])
        #expect(log.calls == [
            .shouldBegin(true), .preview(0.5, ended: false), .preview(1, ended: true), .feedback(.peek),
            .commit(0.5, ended: false), .cancel,
        ])
    }

    @Test func liftBeforeBeginningCallsNothing() {
        press(0.3, 0.9)
        interaction.update(with: [finger.lift()])
        #expect(log.calls.isEmpty)
        #expect(interaction.statistics.counts == [0, 0, 0, 0])
    }

    @Test func liftAfterCommitCallsNothingMore() {
        press(3.0)
        log.removeAll()
        interaction.update(with: [finger.lift()])
        #expect(log.calls.isEmpty)
        #expect(interaction.statistics.cancels == 0)
    }

    @Test func cancelEndsThePreviewAndIgnoresTheRestOfTheTouch() {
        press(1.5)
        interaction.cancel()
        #expect(log.calls == [.shouldBegin(true), .preview(0.5, ended: false), .cancel])
        #expect(interaction.state == .cancelled)
        press(2.5, 3.5)
        interaction.update(with: [finger.lift()])
        #expect(log.calls.count == 3)
        // The next touch starts afresh.
        var next = ScriptedTouch(identifier: 2)
        interaction.update(with: [next.press(1.5)])
        #expect(log.calls.suffix(2) == [.shouldBegin(true), .preview(0.5, ended: false)])
    }

    @Test func cancelDuringTheCommitTransition() {
        press(2.5)
        interaction.cancel()
        #expect(log.calls.last == .cancel)
        #expect(log.calls.filter(\.isTerminal).count == 1)
        interaction.cancel()
        #expect(log.calls.filter(\.isTerminal).count == 1)
    }

    @Test func cancelBeforeBeginningSilencesTheTouch() {
        press(0.5)
        interaction.cancel()
        press(3.5)
        interaction.update(with: [finger.lift()])
        #expect(log.calls.isEmpty)
        #expect(interaction.statistics.counts == [0, 0, 0, 0])
    }

    @Test func cancelAfterCommitDoesNothing() {
        press(3.0)
        interaction.cancel()
        #expect(log.calls.filter { $0 == .cancel }.isEmpty)
        #expect(interaction.state == .completed)
    }

    @Test func trackerCancellationCancels() {
        press(1.5)
        interaction.update(with: [finger.cancelled()])
        #expect(log.calls == [.shouldBegin(true), .preview(0.5, ended: false), .cancel])
        #expect(interaction.state == .idle)
    }

    @Test func invalidateCancelsOnce() {
        press(2.5)
        interaction.invalidate()
        interaction.invalidate()
        #expect(log.calls.filter { $0 == .cancel }.count == 1)
        #expect(interaction.state == .idle)
        #expect(interaction.touch == nil)
    }

    @Test func defaultThresholdsAreDocumented() {
        #expect(PreviewThresholds.standard == PreviewThresholds(begin: 1, previewEnd: 2, commitEnd: 3, hysteresis: 0.1, progressStep: 0.01))
        #expect(interaction.thresholds == .standard)
    }

    @Test func invalidThresholdsFallBackToTheDefaults() {
        let interaction = PreviewInteraction(thresholds: PreviewThresholds(begin: 2, previewEnd: 1, commitEnd: 3))
        #expect(interaction.thresholds == .standard)
        #expect(!PreviewThresholds(begin: 0, previewEnd: 1, commitEnd: 2).isValid)
        #expect(!PreviewThresholds(begin: 1, previewEnd: 2, commitEnd: .infinity).isValid)
        #expect(!PreviewThresholds(begin: 1, previewEnd: 2, commitEnd: 3, hysteresis: -1).isValid)
    }
}
