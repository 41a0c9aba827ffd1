import ForceCore
import Testing

/// Pen tip down and up with hysteresis, as libinput reads a tablet: without an offset down at 5 % of
/// the range and up at 1 %, in whole units; with one (learned or configured), up at the offset and
/// down the same gap above it; pressure counts from the tip-up level. Other devices keep both
/// levels above their resting offset.
@Suite("Tip thresholds")
struct TipThresholdTests {
    @Test func defaultThresholdsAreFivePercentAndOnePercentOfTheRangeInWholeUnits() {
        let model = ForceModel(device: TestDevices.bambooPen())
        // 5 % and 1 % of 0–1023 are 51.15 and 10.23, truncated as libinput's axis_range_percentage.
        #expect(model.tipThresholds.down == 51)
        #expect(model.tipThresholds.up == 10)
        #expect(model.tipThresholds.gap == 41)
        #expect(!model.isTipDown(raw: 50, wasDown: false))
        #expect(model.isTipDown(raw: 51, wasDown: false))
        #expect(model.isTipDown(raw: 11, wasDown: true))
        #expect(!model.isTipDown(raw: 10, wasDown: true))
    }

    @Test func aLearnedOffsetIsTheTipUpLevelAndTheGapStays() {
        var model = ForceModel(device: TestDevices.bambooPen())
        model.observePen(pressure: 85, distance: 20, isProximityIn: true)
        #expect(model.tipThresholds.up == 85 && model.tipThresholds.down == 126)
        #expect(!model.isTipDown(raw: 125, wasDown: false))
        #expect(model.isTipDown(raw: 126, wasDown: false))
        #expect(model.isTipDown(raw: 86, wasDown: true), "a tick above the offset is still down")
        #expect(!model.isTipDown(raw: 85, wasDown: true))
        // A lower reading lowers the offset, and the levels with it.
        model.observePen(pressure: 60, distance: 0, isProximityIn: false)
        #expect(model.tipThresholds.up == 60 && model.tipThresholds.down == 101)
    }

    @Test func pressureCountsFromTheTipUpLevelOnPensAndFromTheOffsetElsewhere() {
        let pen = ForceModel(device: TestDevices.bambooPen())
        #expect(pen.countsFromTipUp)
        #expect(pen.zeroForceLevel == 10)
        #expect(pen.normalizedForce(raw: 10) == 0)
        #expect(isClose(pen.normalizedForce(raw: 11), 1.0 / 1013.0))
        #expect(isClose(pen.averagePressure, 10 + 0.24 * 1013))
        #expect(isClose(pen.maximumPossibleForce, 1 / 0.24))
        let screen = ForceModel(device: TestDevices.singleTouchscreen())
        #expect(!screen.countsFromTipUp)
        #expect(screen.zeroForceLevel == 0)
        #expect(isClose(screen.normalizedForce(raw: 51), 0.2))
    }

    @Test func aConfiguredOffsetOnAPenIsReadAsALearnedOne() {
        let model = ForceModel(device: TestDevices.bambooPen(), calibration: ForceCalibration(restingOffset: 82, learnsRestingOffset: false))
        #expect(model.tipThresholds.up == 82 && model.tipThresholds.down == 123)
        #expect(model.zeroForceLevel == 82)
        #expect(isClose(model.maximumPossibleForce, 1 / 0.24))
    }

    @Test func otherDevicesKeepBothLevelsAboveTheirOffset() {
        let model = ForceModel(device: TestDevices.singleTouchscreen(), calibration: ForceCalibration(restingOffset: 20))
        #expect(isClose(model.tipThresholds.down, 20 + 12.75) && isClose(model.tipThresholds.up, 20 + 2.55))
        #expect(!model.isTipDown(raw: 32, wasDown: false))
        #expect(model.isTipDown(raw: 33, wasDown: false))
        #expect(model.isTipDown(raw: 23, wasDown: true))
        #expect(!model.isTipDown(raw: 22, wasDown: true))
    }

    @Test func tipUpIsNeverAboveTipDown() {
        let model = ForceModel(device: TestDevices.bambooPen(), calibration: ForceCalibration(tipDownThreshold: 0.02, tipUpThreshold: 0.1))
        #expect(model.tipThresholds.down == 20)
        #expect(model.tipThresholds.up == model.tipThresholds.down)
    }

    @Test func aThresholdGivenInRawUnitsComesBackWhole() {
        // libinput's quirk AttrPressureRange=70:50 on a 0–1023 axis, as fractions of the range.
        let model = ForceModel(device: TestDevices.bambooPen(), calibration: ForceCalibration(tipDownThreshold: 70.0 / 1023, tipUpThreshold: 50.0 / 1023))
        #expect(model.tipThresholds.down == 70 && model.tipThresholds.up == 50)
    }

    @Test func zeroThresholdStillNeedsSomePressure() {
        let model = ForceModel(device: TestDevices.bambooPen(), calibration: ForceCalibration(tipDownThreshold: 0, tipUpThreshold: 0))
        #expect(!model.isTipDown(raw: 0, wasDown: false))
        #expect(model.isTipDown(raw: 1, wasDown: false))
        #expect(!model.isTipDown(raw: 0, wasDown: true))
    }
}
