import ForceCore
import Testing

/// An interaction turned off calls nothing; on a device without pressure, a short touch begins
/// nothing (Haptic Touch needs a hold).
@Suite("Preview interaction: availability")
struct PreviewInteractionAvailabilityTests {
    @Test func unavailableInteractionCallsNothing() {
        let interaction = PreviewInteraction(isAvailable: false)
        let log = InteractionLog(observing: interaction)
        var finger = ScriptedTouch(identifier: 1, maximumPossibleForce: 0)
        interaction.update(with: [finger.press(1.0)])
        interaction.update(with: [finger.press(5.0)])
        interaction.update(with: [finger.lift()])
        #expect(log.calls.isEmpty)
        #expect(interaction.state == .idle)
        #expect(!interaction.isAvailable)
    }

    @Test func noPressureDeviceThroughThePipelineCallsNothing() {
        let pipeline = InputPipeline(device: TestDevices.positionsOnlyTouchscreen())
        let log = InteractionLog(observing: pipeline.interaction)
        pipeline.process([
            InputEvent(time: 0, type: .abs, code: AbsCode.mtTrackingID, value: 1),
            InputEvent(time: 0, type: .abs, code: AbsCode.mtPositionX, value: 100),
            .report(at: 0),
            InputEvent(time: 10_000, type: .abs, code: AbsCode.mtPositionX, value: 200),
            .report(at: 10_000),
            InputEvent(time: 20_000, type: .abs, code: AbsCode.mtTrackingID, value: -1),
            .report(at: 20_000),
        ])
        pipeline.finish()
        #expect(log.calls.isEmpty)
        #expect(pipeline.summary.touches == 1)
        #expect(pipeline.summary.peakNormalizedForce == 0)
    }
}
