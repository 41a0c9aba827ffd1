import ForceCore
import Testing

/// Interactions driven through the whole pipeline, ended by what the tracker reports: lifts,
/// palms, SYN_DROPPED, resynchronization and device loss.
@Suite("Preview interaction: driven by the pipeline")
struct PreviewInteractionPipelineTests {
    private let harness = PipelineHarness()
    private var log: InteractionLog { harness.log }

    private func pressIntoPreview() {
        harness.frame(.abs(AbsCode.mtTrackingID, 1), .abs(AbsCode.mtPositionX, 100), .abs(AbsCode.mtPressure, 75))
        #expect(log.calls == [.shouldBegin(true), .preview(0.5, ended: false)])
    }

    @Test func pressThroughCommitAndLift() {
        harness.frame(.abs(AbsCode.mtTrackingID, 1), .abs(AbsCode.mtPressure, 40))
        harness.frame(.abs(AbsCode.mtPressure, 60))
        harness.frame(.abs(AbsCode.mtPressure, 125))
        harness.frame(.abs(AbsCode.mtPressure, 175))
        harness.frame(.abs(AbsCode.mtTrackingID, -1))
        #expect(log.calls == [
            .shouldBegin(true), .preview(0.2, ended: false), .preview(1, ended: true), .feedback(.peek),
            .commit(0.5, ended: false), .commit(1, ended: true), .feedback(.pop),
        ])
    }

    @Test func liftCancels() {
        pressIntoPreview()
        harness.frame(.abs(AbsCode.mtTrackingID, -1))
        #expect(log.calls.last == .cancel)
        #expect(log.calls.count == 3)
    }

    @Test func palmCancelsAndItsLiftDeliversNothing() {
        pressIntoPreview()
        harness.frame(.abs(AbsCode.mtToolType, MTToolType.palm), .abs(AbsCode.mtPressure, 200))
        #expect(log.calls == [.shouldBegin(true), .preview(0.5, ended: false), .cancel])
        harness.frame(.abs(AbsCode.mtPressure, 250))
        harness.frame(.abs(AbsCode.mtTrackingID, -1))
        #expect(log.calls.count == 3)
        #expect(harness.pipeline.summary.cancels == 1)
    }

    @Test func deviceLossCancelsOnce() {
        pressIntoPreview()
        harness.pipeline.finish()
        harness.pipeline.finish()
        #expect(log.calls == [.shouldBegin(true), .preview(0.5, ended: false), .cancel])
        #expect(harness.pipeline.interaction.state == .idle)
        #expect(harness.pipeline.tracker.frameTime == harness.time)
    }

    @Test func deviceLossAfterCommitCallsNothing() {
        harness.frame(.abs(AbsCode.mtTrackingID, 1), .abs(AbsCode.mtPressure, 200))
        harness.pipeline.finish(at: 5_000_000)
        #expect(log.calls.filter(\.isTerminal) == [.commit(1, ended: true)])
        #expect(harness.pipeline.tracker.frameTime == 5_000_000)
    }

    @Test func droppedEventsCancelAndTheContactCannotRestart() {
        pressIntoPreview()
        harness.frame(.abs(AbsCode.mtPressure, 80), .dropped, .abs(AbsCode.mtPressure, 200))
        #expect(log.calls == [.shouldBegin(true), .preview(0.5, ended: false), .cancel])
        harness.frame(.abs(AbsCode.mtPressure, 200))
        #expect(log.calls.count == 3)
        harness.frame(.abs(AbsCode.mtTrackingID, 2), .abs(AbsCode.mtPressure, 75))
        #expect(log.calls.suffix(2) == [.shouldBegin(true), .preview(0.5, ended: false)])
    }

    @Test func resynchronizationKeepsAPersistingTouch() {
        pressIntoPreview()
        harness.pipeline.beginResynchronization()
        harness.frame(.abs(AbsCode.mtPressure, 125))
        #expect(log.calls == [.shouldBegin(true), .preview(0.5, ended: false), .preview(1, ended: true), .feedback(.peek), .commit(0.5, ended: false)])
    }

    @Test func resynchronizationCancelsATouchThatChangedIdentity() {
        pressIntoPreview()
        harness.pipeline.beginResynchronization()
        harness.frame(.abs(AbsCode.mtTrackingID, 9), .abs(AbsCode.mtPressure, 60))
        // The old touch is cancelled; the new one begins a fresh interaction.
        #expect(log.calls == [
            .shouldBegin(true), .preview(0.5, ended: false), .cancel, .shouldBegin(true), .preview(0.2, ended: false),
        ])
    }
}
