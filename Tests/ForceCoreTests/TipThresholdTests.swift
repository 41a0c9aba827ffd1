import ForceCore
import Testing

/// Pen tip down and up with hysteresis: down at offset + 5% of the range, up at offset + 1%.
@Suite("Tip thresholds")
struct TipThresholdTests {
    @Test func defaultThresholdsAreFivePercentAndOnePercentOfTheRange() {
        let model = ForceModel(device: TestDevices.bambooPen())
        #expect(isClose(model.tipDownThreshold, 51.15))
        #expect(isClose(model.tipUpThreshold, 10.23))
        #expect(!model.isTipDown(raw: 51, wasDown: false))
        #expect(model.isTipDown(raw: 52, wasDown: false))
        #expect(model.isTipDown(raw: 11, wasDown: true))
        #expect(!model.isTipDown(raw: 10, wasDown: true))
    }

    @Test func thresholdsFollowTheLearnedOffset() {
        var model = ForceModel(device: TestDevices.bambooPen())
        model.observePen(pressure: 85, distance: 20, isProximityIn: true)
        #expect(!model.isTipDown(raw: 136, wasDown: false))
        #expect(model.isTipDown(raw: 137, wasDown: false))
        #expect(model.isTipDown(raw: 96, wasDown: true))
        #expect(!model.isTipDown(raw: 95, wasDown: true))
    }

    @Test func tipUpIsNeverAboveTipDown() {
        let model = ForceModel(device: TestDevices.bambooPen(), calibration: ForceCalibration(tipDownThreshold: 0.02, tipUpThreshold: 0.1))
        #expect(isClose(model.tipDownThreshold, 20.46))
        #expect(model.tipUpThreshold == model.tipDownThreshold)
    }

    @Test func zeroThresholdStillNeedsSomePressure() {
        let model = ForceModel(device: TestDevices.bambooPen(), calibration: ForceCalibration(tipDownThreshold: 0, tipUpThreshold: 0))
        #expect(!model.isTipDown(raw: 0, wasDown: false))
        #expect(model.isTipDown(raw: 1, wasDown: false))
        #expect(!model.isTipDown(raw: 0, wasDown: true))
    }
}
