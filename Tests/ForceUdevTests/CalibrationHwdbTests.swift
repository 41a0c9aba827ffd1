import ForceCalibrationKit
import ForceCore
import ForceTestSupport
import ForceUdev
import Testing

/// The hwdb entries the calibration writes compile strictly with systemd-hwdb next to the shipped
/// file, and the compiled database gives the calibrated node — and only it — the properties,
/// which ForceBridge reads back as the proposed calibration.
@Suite("Calibration hwdb entries")
struct CalibrationHwdbTests {
    static let pen = DeviceDescription(
        name: "Wacom Bamboo 2FG 4x5 Pen", id: InputID(bustype: 0x03, vendor: 0x056a, product: 0x00d1, version: 0x0100),
        properties: PropertySet([InputProperty.pointer]),
        codes: [.key: CodeSet([KeyCode.toolPen, KeyCode.toolRubber, KeyCode.touch, KeyCode.buttonStylus])],
        axes: [AbsCode.x: AxisInfo(minimum: 0, maximum: 14720), AbsCode.y: AxisInfo(minimum: 0, maximum: 9200),
               AbsCode.pressure: AxisInfo(minimum: 0, maximum: 1023), AbsCode.distance: AxisInfo(minimum: 0, maximum: 31)])

    /// The touch node of the same tablet: same ids, other capabilities.
    static let finger = DeviceDescription(
        name: "Wacom Bamboo 2FG 4x5 Finger", id: InputID(bustype: 0x03, vendor: 0x056a, product: 0x00d1, version: 0x0100),
        properties: PropertySet([InputProperty.pointer]),
        codes: [.key: CodeSet([KeyCode.buttonLeft, KeyCode.toolFinger, KeyCode.touch, KeyCode.toolDoubleTap])],
        axes: [AbsCode.x: AxisInfo(minimum: 0, maximum: 15360), AbsCode.y: AxisInfo(minimum: 0, maximum: 10240),
               AbsCode.mtSlot: AxisInfo(minimum: 0, maximum: 1), AbsCode.mtPositionX: AxisInfo(minimum: 0, maximum: 15360),
               AbsCode.mtPositionY: AxisInfo(minimum: 0, maximum: 10240), AbsCode.mtTrackingID: AxisInfo(minimum: 0, maximum: 65535)])

    /// A calibration result for the pen (no session needed: the measurements are given).
    static func penResult() -> CalibrationResult {
        func step(_ step: CalibrationStep, _ level: Double) -> StepMeasurement {
            StepMeasurement(step: step, level: level, lowest: level - 4, highest: level + 4, deviation: 3, presses: [], seconds: 1)
        }
        return CalibrationResult(device: pen, method: .pressure(pen.pressureAxis!), measurements: [
            step(.rest, 82), step(.lightTaps, 170), step(.ordinaryPresses, 330), step(.firmPresses, 760),
        ])
    }

    @Test(.enabled(if: HardwareDatabaseCompiler.isAvailable, "needs systemd-hwdb (package udev)"))
    func entryCompilesAndReachesOnlyTheCalibratedNode() throws {
        let result = Self.penResult()
        let entry = HardwareDatabaseEntry(result: result)
        try entry.verify()
        let root = try TemporaryDirectory()
        try root.write(ShippedUdevFile.hwdb.contents, to: "etc/udev/hwdb.d/\(ShippedUdevFile.hwdb.name)")
        try root.write(entry.text, to: "etc/udev/hwdb.d/71-forcebridge-local.hwdb")
        let compile = try HardwareDatabaseCompiler.run(["--root=\(root.path)", "update", "--strict"])
        #expect(compile.status == 0)
        #expect(compile.output.isEmpty, "systemd-hwdb complained: \(compile.output)")

        let properties = try HardwareDatabaseCompiler.query("evdev:" + InputModalias(device: Self.pen).text, root: root.path)
        #expect(properties == entry.udevProperties)
        let settings = UdevDeviceSettings(udevProperties: properties, pressureAxis: Self.pen.pressureAxis?.info)
        #expect(settings.problems.isEmpty)
        #expect(settings.calibration == result.proposal.calibration)

        #expect(try HardwareDatabaseCompiler.query("evdev:" + InputModalias(device: Self.finger).text, root: root.path).isEmpty,
                "the tablet's touch node is not calibrated with the pen")
        var newerFirmware = Self.pen
        newerFirmware.id.version = 0x0111
        #expect(try HardwareDatabaseCompiler.query("evdev:" + InputModalias(device: newerFirmware).text, root: root.path) == properties)
    }
}
