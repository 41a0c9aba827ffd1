import ForceCore
@testable import ForceSession
import ForceTestSupport
import Testing

/// How reports name a device's force source, and what they say on devices without pressure.
@Suite("Device reports")
struct DeviceReportTests {
    private func pipeline(_ device: DeviceDescription, sensitivity: TouchSensitivity = .standard) -> InputPipeline {
        InputPipeline(device: device, sensitivity: sensitivity)
    }

    @Test func eachSourceIsNamedWithItsAxis() {
        let pressure = TestDevices.touchscreen()
        #expect(DeviceReport.forceSummary(device: pressure, model: ForceModel(device: pressure))
            == "pressure ABS_MT_PRESSURE 0...255, maximumPossibleForce 6.67")
        let contactSize = TestDevices.touchscreenWithContactSize()
        #expect(DeviceReport.forceSummary(device: contactSize, model: ForceModel(device: contactSize))
            == "contact size ABS_MT_TOUCH_MAJOR 0...255 (force source contactSize: estimated, no pressure axis), maximumPossibleForce 6.67")
        let plain = TestDevices.touchscreenWithoutForce()
        #expect(DeviceReport.forceSummary(device: plain, model: ForceModel(device: plain))
            == "no pressure axis or contact size (force source duration): force is 1.0 while touching, maximumPossibleForce 0")
        // A profile may choose duration on a device with pressure.
        #expect(DeviceReport.forceSummary(device: pressure, model: ForceModel(device: pressure, calibration: ForceCalibration(forceSource: .duration)))
            == "force source chosen by the profile (force source duration): force is 1.0 while touching, maximumPossibleForce 0")
    }

    @Test func hapticTouchIsExplainedWhereDurationOrContactSizeDrivesIt() {
        // 13 units per millimetre on both axes: the slop in millimetres.
        let slow = pipeline(TestDevices.touchscreenWithoutForce(), sensitivity: TouchSensitivity(touchDuration: .slow))
        #expect(DeviceReport.hapticTouchSummary(slow.interaction)
            == "Haptic Touch: a touch held still begins after 0.24 s, peeks at 0.80 s and pops at 1.60 s (touch duration slow); moving more than 1.6 mm first is a drag")
        #expect(DeviceReport.hapticTouchSummary(pipeline(TestDevices.touchscreen()).interaction) == nil)
        // Contact size is an estimate: holding still drives interactions too.
        #expect(DeviceReport.hapticTouchSummary(pipeline(TestDevices.touchscreenWithContactSize()).interaction)
            == "Haptic Touch too (contact size is an estimate), whichever comes first: a touch held still begins after 0.15 s, "
                + "peeks at 0.50 s and pops at 1.00 s (touch duration fast); moving more than 1.6 mm first is a drag")
    }

    @Test func theSlopWithoutResolutionIsAShareOfTheShorterSide() {
        let area = DeviceArea(xRange: 0...1279, yRange: 0...799)
        #expect(DeviceReport.slopText(.standard, on: area) == "1/32 of the shorter side (25 units)")
        #expect(DeviceReport.slopText(TouchSlop(millimetres: 2, fractionOfShorterSide: 0.05), on: area) == "1/20 of the shorter side (40 units)")
        #expect(DeviceReport.slopText(TouchSlop(millimetres: 2, fractionOfShorterSide: 0.03), on: area) == "0.03 of the shorter side (24 units)")
        #expect(DeviceReport.slopText(.standard, on: nil) == "any distance (no position axes)")
    }

    @Test func listAndDoctorSayWhatStandsInForPressure() {
        let contactSize = TestDevices.touchscreenWithContactSize()
        #expect(DeviceReport.pressurelessSummary(device: contactSize, model: ForceModel(device: contactSize))
            == "force source contactSize: ABS_MT_TOUCH_MAJOR 0...255, estimated, up to 6.67")
        let plain = TestDevices.touchscreenWithoutForce()
        #expect(DeviceReport.pressurelessSummary(device: plain, model: ForceModel(device: plain))
            == "force source duration: a touch held still previews and commits (Haptic Touch)")
        #expect(DeviceReport.pressurelessSummary(device: plain, model: nil).hasSuffix("open the device to tell which"))
    }
}
