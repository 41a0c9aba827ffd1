import ForceCore
import Testing

/// `ForceModel.learnRestingOffset(raw:)`: the lowest hover pressure becomes the offset, within a cap.
@Suite("Resting offset learning")
struct RestingOffsetLearningTests {
    // Bamboo pen, 0–1023: the cap is 20% of the range, 204.6.

    @Test func firstReadingSetsTheOffsetAndLaterOnesOnlyLowerIt() {
        var model = ForceModel(device: TestDevices.bambooPen())
        #expect(model.learnsRestingOffset)
        model.learnRestingOffset(raw: 85)
        #expect(model.offset == 85)
        #expect(model.configuredOffset == 0)
        #expect(isClose(model.averagePressure, 85 + 0.24 * 938))
        #expect(isClose(model.maximumPossibleForce, 1 / 0.24))
        #expect(model.normalizedForce(raw: 85) == 0)
        #expect(isClose(model.normalizedForce(raw: 554), 0.5))
        model.learnRestingOffset(raw: 90)
        #expect(model.offset == 85)
        model.learnRestingOffset(raw: 80)
        #expect(model.offset == 80)
    }

    @Test func readingsAboveTheCapAreTakenForPresses() {
        var model = ForceModel(device: TestDevices.bambooPen())
        #expect(ForceModel.maximumLearnedOffsetFraction == 0.2)
        model.learnRestingOffset(raw: 205)
        #expect(model.offset == 0)
        model.learnRestingOffset(raw: 204)
        #expect(model.offset == 204)
    }

    @Test func offsetNeverGoesBelowTheConfiguredOne() {
        var model = ForceModel(device: TestDevices.bambooPen(), calibration: ForceCalibration(restingOffset: 50))
        model.learnRestingOffset(raw: 40)
        #expect(model.offset == 50)
        model.learnRestingOffset(raw: 60)
        #expect(model.offset == 60)
    }

    @Test func touchscreensDoNotLearnByDefault() {
        var model = ForceModel(device: TestDevices.singleTouchscreen())
        #expect(!model.learnsRestingOffset)
        model.learnRestingOffset(raw: 20)
        #expect(model.offset == 0)
    }

    @Test func rawAverageStaysWhileTheOffsetIsBelowIt() {
        var model = ForceModel(device: TestDevices.bambooPen(), calibration: ForceCalibration(averagePressure: 300))
        model.learnRestingOffset(raw: 100)
        #expect(model.averagePressure == 300)
        #expect(isClose(model.maximumPossibleForce, 923.0 / 200.0))
    }
}
