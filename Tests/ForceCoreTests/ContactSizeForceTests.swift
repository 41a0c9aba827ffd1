import ForceCore
import Testing

/// A profile may let contact size (`ABS_MT_TOUCH_MAJOR`) stand in for missing pressure; such force is estimated.
@Suite("Force estimated from contact size")
struct ContactSizeForceTests {
    private let calibration = ForceCalibration(estimatesForceFromContactSize: true)

    @Test func contactSizeStandsInForPressure() {
        let model = ForceModel(device: TestDevices.noPressureTouchscreen(), calibration: calibration)
        #expect(model.source == .contactSize)
        #expect(model.isAvailable)
        #expect(model.isEstimated)
        #expect(model.maximum == 255)
        #expect(isClose(model.maximumPossibleForce, 255 / 38.25))
        #expect(model.normalizedForce(raw: 51) == 0.2)
    }

    @Test func contactSizeIsNotPhysicalForce() {
        // Touch major's resolution is units per millimetre, not per gram.
        var device = TestDevices.noPressureTouchscreen()
        device.axes[AbsCode.mtTouchMajor] = AxisInfo(minimum: 0, maximum: 255, resolution: 10)
        let model = ForceModel(device: device, calibration: calibration)
        #expect(model.source == .contactSize)
        #expect(model.unitsPerGram == 0)
        #expect(model.grams(raw: 100) == nil)
    }

    @Test func pressureWinsWhenTheDeviceHasIt() {
        let model = ForceModel(device: TestDevices.slotTouchscreen(), calibration: calibration)
        #expect(model.source == .pressure(code: AbsCode.mtPressure))
        #expect(!model.isEstimated)
    }

    @Test func withoutContactSizeThereIsNoForce() {
        var device = TestDevices.noPressureTouchscreen()
        device.disable(.abs, code: AbsCode.mtTouchMajor)
        #expect(ForceModel(device: device, calibration: calibration).source == .none)
    }

    @Test func trackerMarksTouchesAsEstimated() throws {
        let device = TestDevices.noPressureTouchscreen()
        let harness = TrackerHarness(device, forceModel: ForceModel(device: device, calibration: calibration))
        let began = try #require(harness.frame(.abs(AbsCode.mtTrackingID, 1), .abs(AbsCode.mtTouchMajor, 51)).first)
        #expect(began.isForceEstimated)
        #expect(began.rawPressure == 51)
        #expect(began.normalizedForce == 0.2)
        #expect(isClose(began.force, 51 / 38.25))
        #expect(began.majorRadius == 51)
        let grown = try #require(harness.frame(.abs(AbsCode.mtTouchMajor, 102)).first)
        #expect(grown.phase == .stationary)
        #expect(grown.normalizedForce == 0.4)
    }
}
