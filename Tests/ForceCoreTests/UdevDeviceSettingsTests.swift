import ForceCore
import Testing

/// `FORCEBRIDGE_*` udev (hwdb) properties become calibration; each invalid value is dropped with a
/// problem that names it, and never costs the other settings.
@Suite("udev hwdb device settings")
struct UdevDeviceSettingsTests {
    private let pressure = AxisInfo(minimum: 0, maximum: 255)

    @Test func everyPropertyIsRead() {
        let settings = UdevDeviceSettings(udevProperties: [
            "FORCEBRIDGE_AVERAGE_PRESSURE": "60",
            "FORCEBRIDGE_AVERAGE_PRESSURE_FRACTION": "0.2",
            "FORCEBRIDGE_RESTING_OFFSET": "3",
            "FORCEBRIDGE_LEARN_RESTING_OFFSET": "1",
            "FORCEBRIDGE_TIP_DOWN": "0.06",
            "FORCEBRIDGE_TIP_UP": "0.02",
            "FORCEBRIDGE_PRESSURE_CURVE": "bezier:0.25,0.1,0.25,1",
            "FORCEBRIDGE_ESTIMATE_FORCE_FROM_CONTACT_SIZE": "0",
            "FORCEBRIDGE_FORCE_SOURCE": "contactSize",
            "FORCEBRIDGE_RESTING_CONTACT_SIZE": "18",
            "FORCEBRIDGE_AVERAGE_CONTACT_SIZE": "40",
            "FORCEBRIDGE_AVERAGE_CONTACT_SIZE_FRACTION": "0.18",
            "FORCEBRIDGE_CONTACT_SIZE_CURVE": "gamma:1.2",
            "FORCEBRIDGE_HAPTIC_MIN_DURATION_MS": "25",
            "FORCEBRIDGE_HAPTIC_STRENGTH": "0.8",
            "ID_INPUT": "1",
        ], pressureAxis: pressure, contactSizeAxis: pressure)
        #expect(settings.problems.isEmpty)
        #expect(settings.calibration == ForceCalibration(
            forceSource: .contactSize, averagePressure: 60, averagePressureFraction: 0.2, restingOffset: 3,
            learnsRestingOffset: true, tipDownThreshold: 0.06, tipUpThreshold: 0.02,
            curve: .bezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1), restingContactSize: 18, averageContactSize: 40,
            averageContactSizeFraction: 0.18, contactSizeCurve: .gamma(1.2)))
        #expect(settings.haptics == HapticCalibration(minimumDurationMilliseconds: 25, strength: 0.8))
        #expect(settings.applied.count == 15)
        #expect(settings.applied.first == "FORCEBRIDGE_AVERAGE_CONTACT_SIZE=40")
    }

    @Test func noPropertiesMeansNoSettings() {
        let settings = UdevDeviceSettings(udevProperties: ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1", "FORCEBRIDGE_ACCESS": "touchscreen"])
        #expect(settings.isEmpty)
        #expect(settings.calibration == ForceCalibration())
        #expect(settings.haptics.isEmpty)
    }

    @Test(arguments: [
        ("FORCEBRIDGE_AVERAGE_PRESSURE", "sixty"),
        ("FORCEBRIDGE_AVERAGE_PRESSURE", "nan"),
        ("FORCEBRIDGE_AVERAGE_PRESSURE", "0x20"),
        ("FORCEBRIDGE_AVERAGE_PRESSURE", "300"),
        ("FORCEBRIDGE_AVERAGE_PRESSURE", "0"),
        ("FORCEBRIDGE_AVERAGE_PRESSURE_FRACTION", "0"),
        ("FORCEBRIDGE_AVERAGE_PRESSURE_FRACTION", "1.5"),
        ("FORCEBRIDGE_RESTING_OFFSET", "255"),
        ("FORCEBRIDGE_RESTING_OFFSET", "-1"),
        ("FORCEBRIDGE_LEARN_RESTING_OFFSET", "yes"),
        ("FORCEBRIDGE_TIP_DOWN", "5%"),
        ("FORCEBRIDGE_TIP_UP", "-0.1"),
        ("FORCEBRIDGE_PRESSURE_CURVE", "gamma:0"),
        ("FORCEBRIDGE_PRESSURE_CURVE", "gamma:inf"),
        ("FORCEBRIDGE_PRESSURE_CURVE", "bezier:0.1,0.2,0.3"),
        ("FORCEBRIDGE_PRESSURE_CURVE", "bezier:0.1,1.2,0.3,0.4"),
        ("FORCEBRIDGE_PRESSURE_CURVE", "cubic"),
        ("FORCEBRIDGE_ESTIMATE_FORCE_FROM_CONTACT_SIZE", "true"),
        ("FORCEBRIDGE_FORCE_SOURCE", "size"),
        ("FORCEBRIDGE_RESTING_CONTACT_SIZE", "256"),
        ("FORCEBRIDGE_AVERAGE_CONTACT_SIZE", "big"),
        ("FORCEBRIDGE_AVERAGE_CONTACT_SIZE_FRACTION", "0"),
        ("FORCEBRIDGE_CONTACT_SIZE_CURVE", "gamma:-1"),
        ("FORCEBRIDGE_HAPTIC_MIN_DURATION_MS", "0"),
        ("FORCEBRIDGE_HAPTIC_MIN_DURATION_MS", "32768"),
        ("FORCEBRIDGE_HAPTIC_MIN_DURATION_MS", "12.5"),
        ("FORCEBRIDGE_HAPTIC_STRENGTH", "80"),
        ("FORCEBRIDGE_AVERAGE_PRESURE", "60"),
    ])
    func invalidValueIsIgnoredWithAProblemNamingIt(property: String, value: String) throws {
        var properties = ["FORCEBRIDGE_HAPTIC_STRENGTH": "0.5"]
        properties[property] = value
        let settings = UdevDeviceSettings(udevProperties: properties, pressureAxis: pressure, contactSizeAxis: pressure)
        let problem = try #require(settings.problems.first)
        #expect(settings.problems.count == 1)
        #expect(problem.property == property)
        #expect(problem.value == value)
        #expect(settings.calibration == ForceCalibration())
        if property != "FORCEBRIDGE_HAPTIC_STRENGTH" {
            #expect(settings.haptics.strength == 0.5, "the other settings survive")
        }
        let message = problem.message(device: "ELAN Touchscreen", node: "/dev/input/event5")
        #expect(message.contains("\(property)=\"\(value)\""))
        #expect(message.contains("\"ELAN Touchscreen\" (/dev/input/event5)"))
        #expect(message.contains("expected "))
    }

    @Test func rawPressuresAreNotRangeCheckedWithoutAnAxis() {
        let settings = UdevDeviceSettings(udevProperties: ["FORCEBRIDGE_AVERAGE_PRESSURE": "3000", "FORCEBRIDGE_RESTING_OFFSET": "12"])
        #expect(settings.problems.isEmpty)
        #expect(settings.calibration == ForceCalibration(averagePressure: 3000, restingOffset: 12))
    }

    @Test func averageAtOrBelowTheOffsetIsDropped() throws {
        let settings = UdevDeviceSettings(
            udevProperties: ["FORCEBRIDGE_AVERAGE_PRESSURE": "20", "FORCEBRIDGE_RESTING_OFFSET": "20"], pressureAxis: pressure)
        let problem = try #require(settings.problems.first)
        #expect(problem.property == "FORCEBRIDGE_AVERAGE_PRESSURE")
        #expect(settings.calibration == ForceCalibration(restingOffset: 20))
        #expect(settings.applied == ["FORCEBRIDGE_RESTING_OFFSET=20"])
    }

    @Test func tipUpAboveTipDownIsDropped() throws {
        let settings = UdevDeviceSettings(udevProperties: ["FORCEBRIDGE_TIP_DOWN": "0.02", "FORCEBRIDGE_TIP_UP": "0.05"])
        #expect(try #require(settings.problems.first).property == "FORCEBRIDGE_TIP_UP")
        #expect(settings.calibration == ForceCalibration(tipDownThreshold: 0.02))
    }

    @Test func surroundingSpacesAreTolerated() {
        let settings = UdevDeviceSettings(udevProperties: ["FORCEBRIDGE_PRESSURE_CURVE": " gamma:1.4 ", "FORCEBRIDGE_HAPTIC_MIN_DURATION_MS": "30 "])
        #expect(settings.problems.isEmpty)
        #expect(settings.calibration.curve == .gamma(1.4))
        #expect(settings.haptics.minimumDurationMilliseconds == 30)
    }

    @Test func linearCurve() {
        #expect(UdevDeviceSettings(udevProperties: ["FORCEBRIDGE_PRESSURE_CURVE": "linear"]).calibration.curve == .linear)
    }

    @Test func theDevicesOwnPropertiesAndAxisAreUsed() {
        var device = TestDevices.singleTouchscreen()
        device.udevProperties = ["FORCEBRIDGE_AVERAGE_PRESSURE": "100000"]
        let settings = UdevDeviceSettings(device: device)
        #expect(settings.problems.map(\.property) == ["FORCEBRIDGE_AVERAGE_PRESSURE"])
    }

    @Test func hwdbAverageReachesTheForceModel() {
        var device = TestDevices.singleTouchscreen()
        let maximum = device.pressureAxis!.info.maximum
        device.udevProperties = ["FORCEBRIDGE_AVERAGE_PRESSURE": "\(maximum / 4)"]
        let model = ForceModel(device: device, calibration: UdevDeviceSettings(device: device).calibration)
        #expect(abs(model.maximumPossibleForce - Double(maximum) / Double(maximum / 4)) < 1e-9)
    }

    @Test func theOlderContactSizeSwitchReadsAsTheForceSource() {
        let on = UdevDeviceSettings(udevProperties: ["FORCEBRIDGE_ESTIMATE_FORCE_FROM_CONTACT_SIZE": "1"])
        #expect(on.problems.isEmpty && on.calibration == ForceCalibration(forceSource: .contactSize))
        let off = UdevDeviceSettings(udevProperties: ["FORCEBRIDGE_ESTIMATE_FORCE_FROM_CONTACT_SIZE": "0"])
        #expect(off.problems.isEmpty && off.calibration == ForceCalibration(), "0 leaves the automatic choice")
        let both = UdevDeviceSettings(udevProperties: [
            "FORCEBRIDGE_ESTIMATE_FORCE_FROM_CONTACT_SIZE": "1", "FORCEBRIDGE_FORCE_SOURCE": "duration",
        ])
        #expect(both.calibration.forceSource == .duration)
    }

    @Test func averageContactSizeAtOrBelowTheRestingSizeIsDropped() throws {
        let settings = UdevDeviceSettings(
            udevProperties: ["FORCEBRIDGE_AVERAGE_CONTACT_SIZE": "20", "FORCEBRIDGE_RESTING_CONTACT_SIZE": "24"], contactSizeAxis: pressure)
        #expect(try #require(settings.problems.first).property == "FORCEBRIDGE_AVERAGE_CONTACT_SIZE")
        #expect(settings.calibration == ForceCalibration(restingContactSize: 24))
    }

    @Test func hwdbContactSizeReachesTheForceModel() {
        var device = TestDevices.noPressureTouchscreen()
        device.udevProperties = ["FORCEBRIDGE_RESTING_CONTACT_SIZE": "20", "FORCEBRIDGE_AVERAGE_CONTACT_SIZE": "60", "FORCEBRIDGE_AVERAGE_PRESSURE": "300"]
        let settings = UdevDeviceSettings(device: device)
        #expect(settings.problems.isEmpty, "contact sizes are checked against ABS_MT_TOUCH_MAJOR; a raw pressure has no axis")
        let model = ForceModel(device: device, calibration: settings.calibration)
        #expect(model.offset == 20 && model.averagePressure == 60)
        #expect(model.force(raw: 60) == 1)
        device.udevProperties["FORCEBRIDGE_AVERAGE_CONTACT_SIZE"] = "300"
        #expect(UdevDeviceSettings(device: device).problems.map(\.property) == ["FORCEBRIDGE_AVERAGE_CONTACT_SIZE"])
    }

    @Test func hapticCalibrationLayers() {
        let upper = HapticCalibration(strength: 0.3)
        let lower = HapticCalibration(minimumDurationMilliseconds: 20, strength: 1)
        #expect(upper.overriding(lower) == HapticCalibration(minimumDurationMilliseconds: 20, strength: 0.3))
        #expect(HapticCalibration().isEmpty)
    }
}
