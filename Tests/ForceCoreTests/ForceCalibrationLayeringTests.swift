import ForceCore
import Testing

/// `ForceCalibration.overriding(_:)` and the built-in defaults per device kind.
@Suite("Force calibration layers and defaults")
struct ForceCalibrationLayeringTests {
    @Test func upperLayerWinsAndGapsComeFromBelow() {
        let lower = ForceCalibration(averagePressure: 100, restingOffset: 5, learnsRestingOffset: true, curve: .gamma(2))
        let upper = ForceCalibration(restingOffset: 7, curve: .linear)
        let merged = upper.overriding(lower)
        #expect(merged == ForceCalibration(averagePressure: 100, restingOffset: 7, learnsRestingOffset: true, curve: .linear))
    }

    @Test func upperFractionHidesLowerRawAverage() {
        let merged = ForceCalibration(averagePressureFraction: 0.3).overriding(ForceCalibration(averagePressure: 100))
        #expect(merged.averagePressure == nil)
        #expect(merged.averagePressureFraction == 0.3)
    }

    @Test func contactSizeLayersLikePressure() {
        let lower = ForceCalibration(
            forceSource: .contactSize, restingContactSize: 20, averageContactSize: 60, contactSizeCurve: .gamma(1.5))
        let merged = ForceCalibration(averageContactSizeFraction: 0.2, contactSizeCurve: .linear).overriding(lower)
        #expect(merged == ForceCalibration(
            forceSource: .contactSize, restingContactSize: 20, averageContactSizeFraction: 0.2, contactSizeCurve: .linear))
        #expect(ForceCalibration(forceSource: .duration).overriding(lower).forceSource == .duration)
        #expect(ForceCalibration(averageContactSize: 40).overriding(ForceCalibration(averageContactSizeFraction: 0.3))
            == ForceCalibration(averageContactSize: 40, averageContactSizeFraction: 0.3))
    }

    @Test func upperRawAverageWinsOverLowerFraction() {
        let merged = ForceCalibration(averagePressure: 100).overriding(ForceCalibration(averagePressureFraction: 0.3))
        #expect(merged.averagePressure == 100)
        let model = ForceModel(device: TestDevices.singleTouchscreen(), calibration: merged)
        #expect(model.averagePressure == 100)
        #expect(model.maximumPossibleForce == 2.55)
    }

    @Test func tabletDefaults() {
        #expect(ForceCalibration.defaults(for: .tablet) == ForceCalibration(
            averagePressureFraction: 0.24, learnsRestingOffset: true, tipDownThreshold: 0.05, tipUpThreshold: 0.01,
            curve: .linear, averageContactSizeFraction: 0.15, contactSizeCurve: .linear))
    }

    @Test func touchDefaults() {
        let expected = ForceCalibration(
            averagePressureFraction: 0.15, learnsRestingOffset: false, tipDownThreshold: 0.05, tipUpThreshold: 0.01,
            curve: .linear, averageContactSizeFraction: 0.15, contactSizeCurve: .linear)
        for kind in [DeviceKind.touchscreen, .touchpad, .other] {
            #expect(ForceCalibration.defaults(for: kind) == expected, "\(kind)")
        }
    }

    @Test func modelUsesTheDefaultsOfTheDeviceKind() {
        #expect(isClose(ForceModel(device: TestDevices.penTablet()).maximumPossibleForce, 1 / 0.24))
        #expect(ForceModel(device: TestDevices.penTablet()).learnsRestingOffset)
        #expect(isClose(ForceModel(device: TestDevices.slotTouchscreen()).maximumPossibleForce, 1 / 0.15))
        #expect(!ForceModel(device: TestDevices.slotTouchscreen()).learnsRestingOffset)
    }
}
