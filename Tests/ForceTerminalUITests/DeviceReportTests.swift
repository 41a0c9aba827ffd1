import ForceCore
@testable import ForceDevices
import ForceTerminalUI
import ForceTestSupport
@testable import ForceUdev
import Testing

/// What `list`, `haptic list` and `doctor` say about devices, as text and JSON lines.
@Suite("device reports")
struct DeviceReportTests {
    /// A touchscreen node as discovery reports it.
    static func touchscreen(access: DeviceAccess = .readWrite, udev extra: [String: String] = [:]) -> InputDeviceInfo {
        var description = DeviceDescription(name: "ELAN Touchscreen", id: InputID(bustype: 0x18, vendor: 0x04f3, product: 0x2c82))
        description.properties = PropertySet([InputProperty.direct])
        description.enable(.key, code: KeyCode.touch)
        description.enable(.abs, code: AbsCode.x, axis: AxisInfo(minimum: 0, maximum: 3839))
        description.enable(.abs, code: AbsCode.y, axis: AxisInfo(minimum: 0, maximum: 2159))
        description.enable(.abs, code: AbsCode.pressure, axis: AxisInfo(minimum: 0, maximum: 255))
        let udev = ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"].merging(extra) { $1 }
        description.udevProperties = udev
        return InputDeviceInfo(
            node: "/dev/input/event5", sysname: "event5", description: description, isOpened: access.canRead,
            classification: DeviceClassification(udevProperties: udev)!, hasUdevDatabase: true, udevProperties: udev,
            access: access, openError: nil)
    }

    /// A phone vibrator: rumble, 16 effect slots.
    static func vibrator(access: DeviceAccess) -> InputDeviceInfo {
        var description = DeviceDescription(name: "Vibrator")
        description.enable(.ff, code: FFCode.rumble)
        description.forceFeedbackEffectSlots = 16
        return InputDeviceInfo(
            node: "/dev/input/event9", sysname: "event9", description: description, isOpened: access.canRead,
            classification: DeviceClassification(description), hasUdevDatabase: false, udevProperties: [:],
            access: access, openError: nil)
    }

    @Test func aTouchscreenInTheList() {
        let device = Self.touchscreen()
        let listing = DeviceListing(device: device, model: ForceModel(device: device.description))
        #expect(listing.text.split(separator: "\n") == [
            "/dev/input/event5: \"ELAN Touchscreen\"",
            "    kind: touchscreen (from udev)",
            "    pressure: ABS_PRESSURE 0...255",
            "    force: up to 6.67 (average touch at 38.2)",
            "    access: read and write",
        ])
        #expect(listing.jsonLine == "{\"node\":\"/dev/input/event5\",\"name\":\"ELAN Touchscreen\",\"kind\":\"touchscreen\",\"served\":true,"
            + "\"classifiedBy\":\"udev\",\"pressureAxis\":\"ABS_PRESSURE\",\"pressureMin\":0,\"pressureMax\":255,\"maximumPossibleForce\":6.6667,"
            + "\"forceSource\":\"pressure\",\"slots\":0,\"forceFeedback\":[],\"effectSlots\":null,\"access\":\"read-write\",\"accessProblem\":null}")
    }

    @Test func aDeviceYouCannotOpenSaysWhyAndWhatToDo() {
        let denied = DeviceAccess.denied(reason: "owned by root:input with mode 660, and no ACL grants you access", byPermissions: true)
        let listing = DeviceListing(device: Self.touchscreen(access: denied), model: nil)
        #expect(listing.text.hasSuffix("    access: none — owned by root:input with mode 660, and no ACL grants you access; "
            + "install udev-rules/70-forcebridge.rules ('sudo forcebridge udev install') to give the seat's user access"))
        #expect(listing.text.contains("    pressure: ABS_PRESSURE (range unknown: device not opened)"))
        #expect(listing.jsonLine.contains("\"pressureAxis\":null,\"pressureMin\":null"))
        #expect(listing.jsonLine.contains("\"access\":\"none\",\"accessProblem\":\"owned by root:input"))
    }

    @Test func aVibratorInTheHapticList() {
        let listing = HapticDeviceListing(device: Self.vibrator(access: .readOnly))
        let lines = listing.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "/dev/input/event9: \"Vibrator\"")
        #expect(lines.contains("    slots: unknown (device not opened)") == false)
        #expect(lines.contains("    slots: 16"))
        #expect(lines.contains { $0.hasPrefix("    motors: one; shortest pulse 20 ms") })
        #expect(lines.last?.hasPrefix("    access: read only — playing haptics needs write access") == true)
        #expect(listing.jsonLine.hasPrefix("{\"node\":\"/dev/input/event9\",\"name\":\"Vibrator\",\"rumble\":true,\"periodic\":false,"))
        #expect(listing.jsonLine.hasSuffix("\"motors\":\"single\",\"minimumDuration\":20,\"strength\":1,\"access\":\"read-only\"}"))
    }

    @Test func theDoctorReportsTheSetupAndEachDevice() {
        let installation = UdevInstallationStatus(
            files: ShippedUdevFile.all.map { .init(file: $0, path: "/etc/udev/\($0.kind.folder)/\($0.name)", isCurrent: true) },
            compiledHwdbPath: "/etc/udev/hwdb.bin", hwdbNeedsUpdate: false, isUdevRunning: true)
        let context = DeviceDiagnosis.Context(installation: installation, seatUser: .active(userID: 1000, name: "alice"), userID: 1000)
        let applied = ["FORCEBRIDGE_ACCESS": "touchscreen", "CURRENT_TAGS": ":seat:uaccess:",
                       "DEVLINKS": "/dev/input/forcebridge/touchscreen-04f3-2c82"]
        let device = Self.touchscreen(udev: applied)
        let report = DoctorReport(context: context, advice: [], devices: [
            (diagnosis: DeviceDiagnosis(device: device, context: context), model: ForceModel(device: device.description)),
        ])
        #expect(!report.needsAttention)
        let text = report.textLines
        #expect(text.first?.hasPrefix("udev:    systemd-udevd is running\nrules:   /etc/udev/rules.d/70-forcebridge.rules\n") == true)
        #expect(text.contains { $0.hasPrefix("/dev/input/event5: \"ELAN Touchscreen\" — touchscreen\n    rules:    applied as touchscreen") })
        #expect(text.last == "All touch, tablet and haptic devices are ready.")
        let json = report.jsonLines
        #expect(json.count == 2)
        #expect(json[0].hasPrefix("{\"type\":\"setup\",\"udevRunning\":true,"))
        #expect(json[0].contains("\"seatUser\":\"alice\",\"seatUserID\":1000,\"userID\":1000,\"nextSteps\":[]"))
        #expect(json[1].hasPrefix("{\"type\":\"device\",\"node\":\"/dev/input/event5\",\"name\":\"ELAN Touchscreen\",\"kind\":\"touchscreen\",\"served\":true,"
            + "\"decision\":\"granted\",\"grantedAs\":\"touchscreen\",\"rules\":\"applied\""))
        #expect(json[1].hasSuffix("\"needsAttention\":false,\"nextSteps\":[]}"))
    }

    @Test func theDoctorWithoutDevicesSaysSo() {
        let installation = UdevInstallationStatus(
            files: ShippedUdevFile.all.map { .init(file: $0, path: nil, isCurrent: false) },
            compiledHwdbPath: "/lib/udev/hwdb.bin", hwdbNeedsUpdate: false, isUdevRunning: true)
        let context = DeviceDiagnosis.Context(installation: installation, seatUser: .nobody, userID: 1000)
        let report = DoctorReport(context: context, advice: installation.advice, devices: [])
        #expect(report.textLines.contains { $0.hasPrefix("No input devices found (no /dev/input/event* nodes), so there is nothing to check.") })
        #expect(report.textLines.last == "No device needs attention; see the setup notes above.")
        #expect(report.jsonLines.count == 1)
        #expect(report.jsonLines[0].contains("\"seatUser\":null,\"seatProblem\":\"nobody is logged in at seat0\""))
    }
}

/// The machine's reports as `list` and `doctor` make them: each device with its force model
/// where it is an opened touch or tablet device, calibrated by the profiles.
@Suite("the machine's reports")
struct MachineReportTests {
    private static let firm: ForceCalibration = {
        var calibration = ForceCalibration()
        calibration.averagePressure = 51
        return calibration
    }()

    @Test func listingsCalibrateTouchDevicesOnly() {
        let listings = DeviceListing.listings(of: [DeviceReportTests.touchscreen(), DeviceReportTests.vibrator(access: .readWrite)]) { _ in Self.firm }
        #expect(listings.map(\.device.node) == ["/dev/input/event5", "/dev/input/event9"])
        let calibrated = ForceModel(device: DeviceReportTests.touchscreen().description, calibration: Self.firm)
        #expect(listings[0].model?.maximumPossibleForce == calibrated.maximumPossibleForce)
        #expect(calibrated.maximumPossibleForce != ForceModel(device: DeviceReportTests.touchscreen().description).maximumPossibleForce)
        #expect(listings[1].model == nil)
        #expect(DeviceListing.listings(of: []) { _ in Self.firm }.isEmpty)
    }

    @Test func theDoctorAddsTheProfileProblemToTheAdvice() throws {
        let root = try TemporaryDirectory()
        let installation = UdevInstallationStatus.inspect(root: root.path)
        let report = DoctorReport.inspect(devices: [DeviceReportTests.touchscreen(access: .denied(reason: "Permission denied", byPermissions: true))], installation: installation,
                                          profileProblem: "profiles.json:3: expected a number") { _ in Self.firm }
        #expect(report.advice.last == "Your profile file has an error: profiles.json:3: expected a number")
        #expect(report.devices.count == 1 && report.devices[0].model == nil)
        #expect(report.needsAttention)
    }
}
