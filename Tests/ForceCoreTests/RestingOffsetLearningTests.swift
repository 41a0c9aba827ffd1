import ForceCore
import Testing

/// `RestingOffsetLearning` through `ForceModel.observePen`: libinput's pressure-offset rules, one
/// test per rule.
@Suite("Resting offset learning")
struct RestingOffsetLearningTests {
    // Bamboo pen, 0–1023: the cap is half the range, 511.5; 30 % of the range is 307.

    @Test func theCapIsHalfTheRange() {
        #expect(RestingOffsetLearning.maximumOffsetFraction == 0.5)
        var model = ForceModel(device: TestDevices.bambooPen())
        #expect(model.restingOffsetLearning.cap == 511.5)
        model.observePen(pressure: 512, isProximityIn: true, isHovering: true)
        #expect(model.offset == 0, "above the cap: a press, not a resting tip")
        model.observePen(pressure: 511, isProximityIn: true, isHovering: true)
        #expect(model.offset == 511)
    }

    @Test func aPenRestingAt30PercentWithDistanceLearnsAtItsFirstProximityIn() {
        var model = ForceModel(device: TestDevices.bambooPen())
        #expect(model.learnsRestingOffset)
        #expect(model.restingOffsetLearning.state == .awaitingHoveringProximityIn)
        model.observePen(pressure: 307, isProximityIn: true, isHovering: true)
        #expect(model.offset == 307)
        #expect(model.configuredOffset == 0)
        #expect(isClose(model.averagePressure, 307 + 0.24 * 716))
        #expect(isClose(model.maximumPossibleForce, 1 / 0.24))
        #expect(model.normalizedForce(raw: 307) == 0)
        #expect(!model.isTipDown(raw: 307, wasDown: false))
        #expect(!model.isTipDown(raw: 358, wasDown: false), "307 + 51.15")
        #expect(model.isTipDown(raw: 359, wasDown: false))
    }

    @Test func withDistanceOnlyAHoveringProximityInIsLearned() {
        var model = ForceModel(device: TestDevices.bambooPen())
        model.observePen(pressure: 85, isProximityIn: false, isHovering: true)
        #expect(model.offset == 0, "not at a proximity-in")
        model.observePen(pressure: 85, isProximityIn: true, isHovering: false)
        #expect(model.offset == 0, "arrived on the surface: could be a press")
        model.observePen(pressure: 0, isProximityIn: true, isHovering: true)
        #expect(model.offset == 0, "a healthy tip: nothing to learn, the next proximity-in tries again")
        #expect(model.restingOffsetLearning.state == .awaitingHoveringProximityIn)
        model.observePen(pressure: 85, isProximityIn: true, isHovering: true)
        #expect(model.offset == 85)
    }

    @Test func withoutDistanceTheThirdProximityInDecidesFromTheLowestPressureSoFar() {
        var model = ForceModel(device: TestDevices.bambooPen(distance: false))
        #expect(model.restingOffsetLearning.state == .collecting(proximityIns: 0, lowest: .infinity))
        // First proximity: arrived pressed at 600, then rested at 310.
        model.observePen(pressure: 600, isProximityIn: true, isHovering: false)
        model.observePen(pressure: 310, isProximityIn: false, isHovering: false)
        #expect(model.offset == 0, "before the decision, the axis minimum applies")
        #expect(model.isTipDown(raw: 310, wasDown: false))
        // Second proximity: arrived resting at 307, which stands in for this proximity only.
        model.observePen(pressure: 307, isProximityIn: true, isHovering: false)
        #expect(model.offset == 307)
        #expect(model.restingOffsetLearning.offset == nil, "provisional, not learned")
        #expect(!model.isTipDown(raw: 310, wasDown: false))
        #expect(model.restingOffsetLearning.state == .collecting(proximityIns: 2, lowest: 307))
        // Third: arrived pressed again; the lowest seen so far decides.
        model.observePen(pressure: 420, isProximityIn: true, isHovering: false)
        #expect(model.offset == 307)
        #expect(model.restingOffsetLearning.state == .learned(307))
    }

    @Test func withoutDistanceAHealthyTipSettlesWithoutOffsetForGood() {
        var model = ForceModel(device: TestDevices.bambooPen(distance: false))
        for _ in 0..<3 {
            model.observePen(pressure: 0, isProximityIn: true, isHovering: false)
            model.observePen(pressure: 400, isProximityIn: false, isHovering: false)
        }
        #expect(model.restingOffsetLearning.state == .settledWithoutOffset)
        model.observePen(pressure: 90, isProximityIn: true, isHovering: false)
        #expect(model.offset == 0)
    }

    @Test func withoutDistanceALowestAboveTheCapSettlesWithoutOffset() {
        var model = ForceModel(device: TestDevices.bambooPen(distance: false))
        for pressure: Int32 in [700, 650, 600] { model.observePen(pressure: pressure, isProximityIn: true, isHovering: false) }
        #expect(model.restingOffsetLearning.state == .settledWithoutOffset)
        #expect(model.offset == 0)
    }

    @Test func theOffsetOnlyDecreasesWhateverTheTipDoes() {
        var model = ForceModel(device: TestDevices.bambooPen())
        model.observePen(pressure: 307, isProximityIn: true, isHovering: true)
        model.observePen(pressure: 900, isProximityIn: false, isHovering: false)
        model.observePen(pressure: 320, isProximityIn: false, isHovering: true)
        #expect(model.offset == 307)
        model.observePen(pressure: 301, isProximityIn: false, isHovering: false)
        #expect(model.offset == 301)
        model.observePen(pressure: 350, isProximityIn: true, isHovering: true)
        #expect(model.offset == 301, "a later proximity-in does not raise it")
        #expect(isClose(model.averagePressure, 301 + 0.24 * 722))
    }

    @Test func theOffsetNeverGoesBelowTheConfiguredOne() {
        var model = ForceModel(device: TestDevices.bambooPen(), calibration: ForceCalibration(restingOffset: 50))
        model.observePen(pressure: 40, isProximityIn: true, isHovering: true)
        #expect(model.offset == 50)
        model.observePen(pressure: 60, isProximityIn: true, isHovering: true)
        #expect(model.offset == 60)
        model.observePen(pressure: 20, isProximityIn: false, isHovering: true)
        #expect(model.offset == 50)
        #expect(model.restingOffsetLearning.state == .learned(50))
    }

    @Test func nothingIsLearnedWhenTheCalibrationSaysNotOrOnTouchscreens() {
        var pen = ForceModel(device: TestDevices.bambooPen(), calibration: ForceCalibration(learnsRestingOffset: false))
        pen.observePen(pressure: 85, isProximityIn: true, isHovering: true)
        #expect(pen.offset == 0 && pen.restingOffsetLearning.state == .off)
        var screen = ForceModel(device: TestDevices.singleTouchscreen())
        #expect(!screen.learnsRestingOffset)
        screen.observePen(pressure: 20, isProximityIn: true, isHovering: true)
        #expect(screen.offset == 0)
    }

    @Test func aRawAverageStaysWhileTheOffsetIsBelowIt() {
        var model = ForceModel(device: TestDevices.bambooPen(), calibration: ForceCalibration(averagePressure: 300))
        model.observePen(pressure: 100, isProximityIn: true, isHovering: true)
        #expect(model.averagePressure == 300)
        #expect(isClose(model.maximumPossibleForce, 923.0 / 200.0))
    }

    @Test func theDescriptionSaysTheRuleAndWhereItStands() {
        var pen = ForceModel(device: TestDevices.bambooPen(distance: false))
        #expect(pen.restingOffsetDescription == [
            "resting offset: decided at the 3rd proximity-in from the lowest pressure seen in proximity (no ABS_DISTANCE); "
                + "until then each proximity's pressure at proximity-in stands in for that proximity (provisional), "
                + "or the configured offset, 0, when that pressure is not learnable",
            "at most 50 % of the range (511.5) is learned; once learned it only decreases, never below 0",
            "now: no proximity-in yet",
            "tip: down 51.15 (5 % of the range) above the offset, up 10.23 (1 %) above it",
        ])
        pen.observePen(pressure: 307, isProximityIn: true, isHovering: false)
        #expect(pen.restingOffsetDescription[2] == "now: 1 of 3 proximity-ins, lowest pressure 307, provisional offset 307")
        var hovering = ForceModel(device: TestDevices.bambooPen())
        hovering.observePen(pressure: 307, isProximityIn: true, isHovering: true)
        #expect(hovering.restingOffsetDescription[0].hasPrefix("resting offset: learned at a proximity-in that hovers"))
        #expect(hovering.restingOffsetDescription[2] == "now: learned 307")
        let off = ForceModel(device: TestDevices.bambooPen(), calibration: ForceCalibration(restingOffset: 82, learnsRestingOffset: false))
        #expect(off.restingOffsetDescription.first == "resting offset: 82, not learned (learning is off for this device or profile)")
        #expect(ForceModel(device: TestDevices.noPressureTouchscreen()).restingOffsetDescription.isEmpty)
    }
}
