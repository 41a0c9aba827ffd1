import ForceCore
import Testing

/// Which axis carries pressure: `ABS_MT_PRESSURE`, else `ABS_PRESSURE`, else none.
@Suite("Pressure axis choice")
struct PressureAxisChoiceTests {
    @Test func multitouchPressureWinsOverSingleTouchPressure() throws {
        var screen = TestDevices.slotTouchscreen()
        screen.enable(.abs, code: AbsCode.pressure, axis: AxisInfo(minimum: 0, maximum: 1023))
        let axis = try #require(screen.pressureAxis)
        #expect(axis.code == AbsCode.mtPressure)
        #expect(axis.name == "ABS_MT_PRESSURE")
        #expect(axis.info.maximum == 255)
    }

    @Test func multitouchDeviceWithoutMultitouchPressureUsesSingleTouchPressure() throws {
        var screen = TestDevices.slotTouchscreen(pressure: nil)
        screen.enable(.abs, code: AbsCode.pressure, axis: AxisInfo(minimum: 0, maximum: 1023))
        let axis = try #require(screen.pressureAxis)
        #expect(axis.code == AbsCode.pressure)
        #expect(axis.name == "ABS_PRESSURE")
        #expect(axis.info.maximum == 1023)
    }

    @Test func penUsesSingleTouchPressure() throws {
        let axis = try #require(TestDevices.penTablet().pressureAxis)
        #expect(axis.code == AbsCode.pressure)
        #expect(axis.info.minimum == 0)
        #expect(axis.info.maximum == 8191)
    }

    @Test func deviceWithoutPressureHasNoPressureAxis() {
        #expect(TestDevices.noPressureTouchscreen().pressureAxis == nil)
    }

    @Test func fakeMultitouchPressureIsNotUsed() throws {
        var fake = TestDevices.slotTouchscreen()
        fake.enable(.abs, code: EventCode(AbsCode.mtSlot.rawValue - 1), axis: AxisInfo(minimum: 0, maximum: 1))
        #expect(fake.pressureAxis == nil)
        fake.enable(.abs, code: AbsCode.pressure, axis: AxisInfo(minimum: 0, maximum: 511))
        let axis = try #require(fake.pressureAxis)
        #expect(axis.code == AbsCode.pressure)
        #expect(axis.info.maximum == 511)
    }

    @Test func singleTouchDeviceIgnoresAStrayMultitouchPressureAxis() {
        // ABS_MT_PRESSURE without MT positions is not a multitouch device.
        let device = DeviceDescription(
            name: "stray", codes: [.key: CodeSet([KeyCode.touch])],
            axes: [AbsCode.x: AxisInfo(minimum: 0, maximum: 100), AbsCode.y: AxisInfo(minimum: 0, maximum: 100),
                   AbsCode.mtPressure: AxisInfo(minimum: 0, maximum: 255)])
        #expect(device.pressureAxis == nil)
    }
}
