import ForceCore
import Testing

/// `RestingOffsetLearning` through `ForceModel.observePen`: libinput's pressure-offset rules, one
/// test per rule.
@Suite("Resting offset learning")
struct RestingOffsetLearningTests {
    // Bamboo pen, 0–1023: the cap is half the range, 511.5; 30 % of the range is 307. Its distance
    // axis is 0–31: a proximity-in is far enough to learn from at 15 (half of 31, truncated).

    @Test func theCapIsHalfTheRange() {
        #expect(RestingOffsetLearning.maximumOffsetFraction == 0.5)
        var model = ForceModel(device: TestDevices.bambooPen())
        #expect(model.restingOffsetLearning.cap == 511.5)
        model.observePen(pressure: 512, distance: 20, isProximityIn: true)
        #expect(model.offset == 0, "above the cap: a press, not a resting tip")
        model.observePen(pressure: 511, distance: 20, isProximityIn: true)
        #expect(model.offset == 511)
    }

    @Test func theLearningDistanceIsHalfTheDistanceAxisInWholeUnits() {
        #expect(ForceModel(device: TestDevices.bambooPen()).restingOffsetLearning.learningDistance == 15)
        #expect(ForceModel(device: TestDevices.penTablet()).restingOffsetLearning.learningDistance == 31)
        #expect(ForceModel(device: TestDevices.bambooPen(distance: false)).restingOffsetLearning.learningDistance == nil)
    }

    @Test func aPenRestingAt30PercentArrivingFarEnoughLearnsAtItsFirstProximityIn() {
        var model = ForceModel(device: TestDevices.bambooPen())
        #expect(model.learnsRestingOffset)
        #expect(model.restingOffsetLearning.state == .awaitingDistantProximityIn)
        model.observePen(pressure: 307, distance: 15, isProximityIn: true)
        #expect(model.offset == 307)
        #expect(model.configuredOffset == 0)
        #expect(isClose(model.averagePressure, 307 + 0.24 * 716))
        #expect(isClose(model.maximumPossibleForce, 1 / 0.24))
        #expect(model.normalizedForce(raw: 307) == 0)
        #expect(!model.isTipDown(raw: 307, wasDown: false))
    }

    @Test func closerThanHalfTheDistanceAxisNothingIsLearnedAndAPressingPenIsInContact() {
        // The Cintiq 12WX eraser of the report: distance 16 of 0–63 (learning from 31), pressure
        // 448 of 1023 at proximity-in.
        var model = ForceModel(device: LitestTablet.cintiq12WX.device)
        model.observePen(pressure: 448, distance: 16, isProximityIn: true)
        #expect(model.offset == 0)
        #expect(model.restingOffsetLearning.state == .awaitingDistantProximityIn)
        #expect(model.isTipDown(raw: 448, wasDown: false))
        #expect(isClose(model.normalizedForce(raw: 448), 438.0 / 1013.0), "counted from the tip-up level, 10")
        // The next proximity-in, far enough, learns.
        model.observePen(pressure: 60, distance: 31, isProximityIn: true)
        #expect(model.offset == 60)
    }

    @Test func withDistanceOnlyAProximityInFarEnoughWithPressureIsLearned() {
        var model = ForceModel(device: TestDevices.bambooPen())
        model.observePen(pressure: 85, distance: 20, isProximityIn: false)
        #expect(model.offset == 0, "not at a proximity-in")
        model.observePen(pressure: 85, distance: 14, isProximityIn: true)
        #expect(model.offset == 0, "closer than 15: could be a press")
        model.observePen(pressure: 85, distance: 0, isProximityIn: true)
        #expect(model.offset == 0, "arrived on the surface: could be a press")
        model.observePen(pressure: 0, distance: 31, isProximityIn: true)
        #expect(model.offset == 0, "a healthy tip: nothing to learn, the next proximity-in tries again")
        #expect(model.restingOffsetLearning.state == .awaitingDistantProximityIn)
        model.observePen(pressure: 85, distance: 15, isProximityIn: true)
        #expect(model.offset == 85)
    }

    @Test func withoutDistanceNoOffsetAppliesUntilTheThirdProximityInDecidesFromTheLowestPressure() {
        var model = ForceModel(device: TestDevices.bambooPen(distance: false))
        #expect(model.restingOffsetLearning.state == .collecting(proximityIns: 0, lowest: .infinity))
        // First proximity: arrived pressed at 600, then rested at 310. No offset: the plain
        // thresholds decide, and 310 is a touch.
        model.observePen(pressure: 600, distance: 0, isProximityIn: true)
        model.observePen(pressure: 310, distance: 0, isProximityIn: false)
        #expect(model.offset == 0)
        #expect(model.isTipDown(raw: 310, wasDown: false))
        // Second proximity: arrived resting at 307; still no offset.
        model.observePen(pressure: 307, distance: 0, isProximityIn: true)
        #expect(model.offset == 0)
        #expect(model.isTipDown(raw: 310, wasDown: false))
        #expect(model.restingOffsetLearning.state == .collecting(proximityIns: 2, lowest: 307))
        // Third: arrived pressed again; the lowest seen so far decides.
        model.observePen(pressure: 420, distance: 0, isProximityIn: true)
        #expect(model.offset == 307)
        #expect(model.restingOffsetLearning.state == .learned(307))
    }

    @Test func withoutDistanceOnlyProximityInsWithPressureCount() {
        var model = ForceModel(device: TestDevices.bambooPen(distance: false))
        model.observePen(pressure: 200, distance: 0, isProximityIn: false)
        #expect(model.restingOffsetLearning.state == .collecting(proximityIns: 0, lowest: .infinity), "nothing before the first proximity-in")
        model.observePen(pressure: 0, distance: 0, isProximityIn: true)
        #expect(model.restingOffsetLearning.state == .collecting(proximityIns: 0, lowest: 0), "a hovering zero is the lowest, but does not count")
        for _ in 0..<2 { model.observePen(pressure: 300, distance: 0, isProximityIn: true) }
        #expect(model.restingOffsetLearning.state == .collecting(proximityIns: 2, lowest: 0))
        model.observePen(pressure: 300, distance: 0, isProximityIn: true)
        #expect(model.restingOffsetLearning.state == .settledWithoutOffset, "the lowest, 0, is no offset")
    }

    @Test func withoutDistanceAHealthyTipSettlesWithoutOffsetForGood() {
        var model = ForceModel(device: TestDevices.bambooPen(distance: false))
        for _ in 0..<3 {
            model.observePen(pressure: 90, distance: 0, isProximityIn: true)
            model.observePen(pressure: 0, distance: 0, isProximityIn: false)
        }
        #expect(model.restingOffsetLearning.state == .settledWithoutOffset)
        model.observePen(pressure: 90, distance: 0, isProximityIn: true)
        #expect(model.offset == 0)
    }

    @Test func withoutDistanceALowestAboveTheCapSettlesWithoutOffset() {
        var model = ForceModel(device: TestDevices.bambooPen(distance: false))
        for pressure: Int32 in [700, 650, 600] { model.observePen(pressure: pressure, distance: 0, isProximityIn: true) }
        #expect(model.restingOffsetLearning.state == .settledWithoutOffset)
        #expect(model.offset == 0)
    }

    @Test func theOffsetOnlyDecreasesWhateverTheTipDoes() {
        var model = ForceModel(device: TestDevices.bambooPen())
        model.observePen(pressure: 307, distance: 20, isProximityIn: true)
        model.observePen(pressure: 900, distance: 0, isProximityIn: false)
        model.observePen(pressure: 320, distance: 20, isProximityIn: false)
        #expect(model.offset == 307)
        model.observePen(pressure: 301, distance: 0, isProximityIn: false)
        #expect(model.offset == 301)
        model.observePen(pressure: 350, distance: 20, isProximityIn: true)
        #expect(model.offset == 301, "a later proximity-in does not raise it")
        #expect(isClose(model.averagePressure, 301 + 0.24 * 722))
    }

    @Test func theOffsetNeverGoesBelowTheConfiguredOne() {
        var model = ForceModel(device: TestDevices.bambooPen(), calibration: ForceCalibration(restingOffset: 50))
        model.observePen(pressure: 40, distance: 20, isProximityIn: true)
        #expect(model.offset == 50)
        model.observePen(pressure: 60, distance: 20, isProximityIn: true)
        #expect(model.offset == 60)
        model.observePen(pressure: 20, distance: 20, isProximityIn: false)
        #expect(model.offset == 50)
        #expect(model.restingOffsetLearning.state == .learned(50))
    }

    @Test func nothingIsLearnedWhenTheCalibrationSaysNotOrOnTouchscreens() {
        var pen = ForceModel(device: TestDevices.bambooPen(), calibration: ForceCalibration(learnsRestingOffset: false))
        pen.observePen(pressure: 85, distance: 20, isProximityIn: true)
        #expect(pen.offset == 0 && pen.restingOffsetLearning.state == .off)
        var screen = ForceModel(device: TestDevices.singleTouchscreen())
        #expect(!screen.learnsRestingOffset)
        screen.observePen(pressure: 20, distance: 0, isProximityIn: true)
        #expect(screen.offset == 0)
    }

    @Test func aRawAverageStaysWhileTheOffsetIsBelowIt() {
        var model = ForceModel(device: TestDevices.bambooPen(), calibration: ForceCalibration(averagePressure: 300))
        model.observePen(pressure: 100, distance: 20, isProximityIn: true)
        #expect(model.averagePressure == 300)
        #expect(isClose(model.maximumPossibleForce, 923.0 / 200.0))
    }
}
