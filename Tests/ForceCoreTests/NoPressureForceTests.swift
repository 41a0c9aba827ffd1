import ForceCore
import Testing

/// Devices with neither pressure nor contact size: force 1.0 while touching,
/// `maximumPossibleForce` 0, force not available; interactions are driven by the time a touch is
/// held still (Haptic Touch).
@Suite("Force without a pressure axis")
struct NoPressureForceTests {
    @Test func modelReportsAnAverageTouchAndNoMaximum() {
        let model = ForceModel(device: TestDevices.positionsOnlyTouchscreen())
        #expect(model.source == .none)
        #expect(!model.isAvailable)
        #expect(!model.isEstimated)
        #expect(model.maximumPossibleForce == 0)
        #expect(model.force(raw: 0) == 1)
        #expect(model.force(raw: 200) == 1)
        #expect(model.normalizedForce(raw: 200) == 0)
        #expect(model.grams(raw: 200) == nil)
    }

    @Test func touchesPressWithForceOneUntilTheyLift() throws {
        let harness = TrackerHarness(TestDevices.positionsOnlyTouchscreen())
        let began = try #require(harness.frame(.abs(AbsCode.mtTrackingID, 1), .abs(AbsCode.mtPositionX, 5)).first)
        #expect(began.force == 1)
        #expect(began.normalizedForce == 0)
        #expect(began.maximumPossibleForce == 0)
        #expect(!began.isForceEstimated)
        #expect(began.rawPressure == 0)
        let moved = try #require(harness.frame(.abs(AbsCode.mtPositionX, 6)).first)
        #expect(moved.force == 1)
        let ended = try #require(harness.frame(.abs(AbsCode.mtTrackingID, -1)).first)
        #expect(ended.force == 0)
    }

    @Test func pipelineInteractionIsDrivenByDuration() {
        let pipeline = InputPipeline(device: TestDevices.positionsOnlyTouchscreen())
        #expect(!pipeline.forceModel.isAvailable)
        #expect(pipeline.interaction.isAvailable)
        #expect(pipeline.interaction.forceSource == .duration)
    }
}
