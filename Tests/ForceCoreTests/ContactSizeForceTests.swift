import ForceCore
import Testing

/// Contact size (`ABS_MT_TOUCH_MAJOR`, or `ABS_MT_WIDTH_MAJOR` where that is all there is) as an
/// estimated force: the automatic source on devices without pressure, calibrated like pressure
/// with its own settings, and what a profile may force instead.
@Suite("Force estimated from contact size")
struct ContactSizeForceTests {
    /// A touchscreen with contact size only: positions, `ABS_MT_TOUCH_MAJOR` 0–255 unless
    /// `touchMajor` is false, and `ABS_MT_WIDTH_MAJOR` 0–127 when `widthMajor`.
    static func device(touchMajor: Bool = true, widthMajor: Bool = false) -> DeviceDescription {
        var device = TestDevices.noPressureTouchscreen()
        if !touchMajor { device.disable(.abs, code: AbsCode.mtTouchMajor) }
        if widthMajor { device.enable(.abs, code: AbsCode.mtWidthMajor, axis: AxisInfo(minimum: 0, maximum: 127)) }
        return device
    }

    @Test func contactSizeIsTheSourceWithoutPressure() {
        let model = ForceModel(device: Self.device())
        #expect(model.source == .contactSize(code: AbsCode.mtTouchMajor))
        #expect(model.forceSource == .contactSize)
        #expect(model.isAvailable && model.isEstimated)
        #expect(model.maximum == 255 && model.offset == 0)
        // The defaults: an average touch at 15 % of the range, as for pressure on touchscreens.
        #expect(isClose(model.maximumPossibleForce, 255 / 38.25))
        #expect(model.normalizedForce(raw: 51) == 0.2)
        #expect(isClose(model.force(raw: 51), 51 / 38.25))
    }

    @Test func widthMajorStandsInWhereThereIsNoTouchMajor() {
        let model = ForceModel(device: Self.device(touchMajor: false, widthMajor: true))
        #expect(model.source == .contactSize(code: AbsCode.mtWidthMajor))
        #expect(model.maximum == 127)
        #expect(ForceModel(device: Self.device(widthMajor: true)).source == .contactSize(code: AbsCode.mtTouchMajor))
    }

    @Test func contactSizeIsCalibratedWithItsOwnSettings() {
        let calibration = ForceCalibration(
            averagePressure: 200, restingOffset: 100, curve: .gamma(3),
            restingContactSize: 20, averageContactSize: 60, contactSizeCurve: .linear)
        let model = ForceModel(device: Self.device(), calibration: calibration)
        #expect(model.offset == 20 && model.configuredOffset == 20)
        #expect(model.averagePressure == 60)
        #expect(model.curve == .linear)
        #expect(model.force(raw: 20) == 0)
        #expect(model.force(raw: 60) == 1)
        #expect(isClose(model.maximumPossibleForce, 235.0 / 40))
        let fraction = ForceModel(device: Self.device(), calibration: ForceCalibration(restingContactSize: 15, averageContactSizeFraction: 0.1))
        #expect(isClose(fraction.averagePressure, 15 + 0.1 * 240))
        #expect(!fraction.learnsRestingOffset || fraction.restingOffsetLearning.state == .off)
    }

    @Test func contactSizeIsNotPhysicalForce() {
        // Touch major's resolution is in surface units per millimetre, not per gram.
        var device = Self.device()
        device.axes[AbsCode.mtTouchMajor] = AxisInfo(minimum: 0, maximum: 255, resolution: 10)
        let model = ForceModel(device: device)
        #expect(model.unitsPerGram == 0)
        #expect(model.grams(raw: 100) == nil)
    }

    @Test func pressureWinsWhenTheDeviceHasItUnlessAProfileSaysOtherwise() {
        let pressure = TestDevices.slotTouchscreen()
        #expect(ForceModel(device: pressure).source == .pressure(code: AbsCode.mtPressure))
        #expect(!ForceModel(device: pressure).isEstimated)
        let forced = ForceModel(device: pressure, calibration: ForceCalibration(forceSource: .contactSize))
        #expect(forced.source == .contactSize(code: AbsCode.mtTouchMajor))
        let duration = ForceModel(device: pressure, calibration: ForceCalibration(forceSource: .duration))
        #expect(duration.source == .none && duration.forceSource == .duration && duration.maximumPossibleForce == 0)
    }

    @Test func aProfileMayForceDurationOnAContactSizeDevice() {
        let model = ForceModel(device: Self.device(), calibration: ForceCalibration(forceSource: .duration))
        #expect(model.forceSource == .duration)
        #expect(!model.isAvailable)
        #expect(model.force(raw: 200) == 1)
    }

    @Test func aSourceTheDeviceCannotProvideIsIgnored() {
        #expect(ForceModel(device: Self.device(), calibration: ForceCalibration(forceSource: .pressure)).forceSource == .contactSize)
        let positionsOnly = Self.device(touchMajor: false)
        #expect(ForceModel(device: positionsOnly, calibration: ForceCalibration(forceSource: .contactSize)).forceSource == .duration)
        // A single-touch device has no per-contact size.
        var single = TestDevices.singleTouchscreen()
        single.disable(.abs, code: AbsCode.pressure)
        single.enable(.abs, code: AbsCode.mtTouchMajor, axis: AxisInfo(minimum: 0, maximum: 255))
        #expect(ForceModel(device: single).forceSource == .duration)
    }

    @Test func trackerMarksTouchesAsEstimated() throws {
        let harness = TrackerHarness(Self.device())
        let began = try #require(harness.frame(.abs(AbsCode.mtTrackingID, 1), .abs(AbsCode.mtTouchMajor, 51)).first)
        #expect(began.isForceEstimated)
        #expect(began.forceSource == .contactSize)
        #expect(began.rawPressure == 51)
        #expect(began.normalizedForce == 0.2)
        #expect(isClose(began.force, 51 / 38.25))
        #expect(began.majorDiameter == 51)
        let grown = try #require(harness.frame(.abs(AbsCode.mtTouchMajor, 102)).first)
        #expect(grown.phase == .stationary)
        #expect(grown.normalizedForce == 0.4)
    }

    @Test func trackerReadsTheWidthWhereThatIsAllThereIs() throws {
        let harness = TrackerHarness(Self.device(touchMajor: false, widthMajor: true))
        let began = try #require(harness.frame(.abs(AbsCode.mtTrackingID, 1), .abs(AbsCode.mtWidthMajor, 38)).first)
        #expect(began.rawPressure == 38)
        #expect(isClose(began.normalizedForce, 38.0 / 127))
        let grown = try #require(harness.frame(.abs(AbsCode.mtWidthMajor, 76)).first)
        #expect(grown.phase == .stationary)
        #expect(isClose(grown.force, 76 / (0.15 * 127)))
    }

    @Test func protocolAContactsCarryTheirWidthToo() throws {
        var device = TestDevices.anonymousTouchscreen(trackingIDs: true)
        device.disable(.abs, code: AbsCode.mtPressure)
        device.enable(.abs, code: AbsCode.mtWidthMajor, axis: AxisInfo(minimum: 0, maximum: 100))
        let harness = TrackerHarness(device)
        #expect(harness.tracker.forceModel.source == .contactSize(code: AbsCode.mtWidthMajor))
        harness.frame(.abs(AbsCode.mtTrackingID, 3), .abs(AbsCode.mtWidthMajor, 15), .mtReport)
        let grown = try #require(harness.frame(.abs(AbsCode.mtTrackingID, 3), .abs(AbsCode.mtWidthMajor, 30), .mtReport).first)
        #expect(grown.phase == .stationary && grown.rawPressure == 30)
        #expect(isClose(grown.force, 2))
    }
}
