import ForceCore
@testable import ForceDevices
@testable import ForceUdev
import Testing

/// What `forcebridge doctor` concludes for one device, and the next step it gives.
@Suite("Device diagnosis")
struct DeviceDiagnosisTests {
    static let currentRules = UdevInstallationStatus(
        files: ShippedUdevFile.all.map { .init(file: $0, path: "/etc/udev/\($0.kind.folder)/\($0.name)", isCurrent: true) },
        compiledHwdbPath: "/etc/udev/hwdb.bin", hwdbNeedsUpdate: false, isUdevRunning: true)
    static let noRules = UdevInstallationStatus(
        files: ShippedUdevFile.all.map { .init(file: $0, path: nil, isCurrent: false) },
        compiledHwdbPath: "/lib/udev/hwdb.bin", hwdbNeedsUpdate: false, isUdevRunning: true)

    static func context(_ installation: UdevInstallationStatus = currentRules, seat: SeatUser = .active(userID: 1000, name: "alice"),
                        user: UInt32 = 1000) -> DeviceDiagnosis.Context {
        .init(installation: installation, seatUser: seat, userID: user)
    }

    /// A touchscreen node as discovery reports it, with `properties` added to udev's classification.
    static func touchscreen(properties: [String: String] = [:], access: DeviceAccess = .readWrite) -> InputDeviceInfo {
        var description = DeviceDescription(name: "ELAN Touchscreen", id: InputID(bustype: 0x18, vendor: 0x04f3, product: 0x2c82))
        description.properties = PropertySet([InputProperty.direct])
        description.enable(.key, code: KeyCode.touch)
        description.enable(.abs, code: AbsCode.x, axis: AxisInfo(minimum: 0, maximum: 3839))
        description.enable(.abs, code: AbsCode.y, axis: AxisInfo(minimum: 0, maximum: 2159))
        description.enable(.abs, code: AbsCode.pressure, axis: AxisInfo(minimum: 0, maximum: 255))
        let udev = ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"].merging(properties) { $1 }
        description.udevProperties = udev
        return InputDeviceInfo(
            node: "/dev/input/event5", sysname: "event5", description: description, isOpened: access.canRead,
            classification: DeviceClassification(udevProperties: udev)!, hasUdevDatabase: true, udevProperties: udev,
            access: access, openError: nil)
    }

    static let applied = [
        "FORCEBRIDGE_ACCESS": "touchscreen", "CURRENT_TAGS": ":seat:uaccess:",
        "DEVLINKS": "/dev/input/by-path/platform-i2c-event /dev/input/forcebridge/touchscreen-04f3-2c82",
    ]

    @Test func appliedRulesAndAccessNeedNothing() {
        let diagnosis = DeviceDiagnosis(device: Self.touchscreen(properties: Self.applied), context: Self.context())
        #expect(diagnosis.decision == .granted(kind: "touchscreen"))
        #expect(diagnosis.rules == .applied(kind: "touchscreen"))
        #expect(diagnosis.hasUaccessTag)
        #expect(diagnosis.links == ["/dev/input/forcebridge/touchscreen-04f3-2c82"])
        #expect(diagnosis.nextSteps.isEmpty)
        #expect(!diagnosis.needsAttention)
    }

    @Test func rulesNotInstalled() {
        let device = Self.touchscreen(access: .denied(reason: "owned by root:input with mode 660"))
        let diagnosis = DeviceDiagnosis(device: device, context: Self.context(Self.noRules))
        #expect(diagnosis.rules == .pending(.notInstalled))
        #expect(diagnosis.nextSteps.first?.contains("sudo forcebridge udev install") == true)
        #expect(diagnosis.needsAttention)
    }

    @Test func rulesInstalledAfterTheDeviceAppeared() {
        let diagnosis = DeviceDiagnosis(device: Self.touchscreen(access: .denied(reason: "…")), context: Self.context())
        #expect(diagnosis.rules == .pending(.installedAfterDevice))
        #expect(diagnosis.nextSteps.first?.contains("udevadm trigger --action=change /dev/input/event5") == true)
    }

    @Test func outdatedRules() {
        var installation = Self.currentRules
        installation.files[0].isCurrent = false
        let diagnosis = DeviceDiagnosis(device: Self.touchscreen(), context: Self.context(installation))
        #expect(diagnosis.nextSteps.first?.contains("Reinstall") == true)
        #expect(installation.advice.first?.contains("not this version's rules") == true)
    }

    @Test func noUdevd() {
        var installation = Self.currentRules
        installation.isUdevRunning = false
        let diagnosis = DeviceDiagnosis(device: Self.touchscreen(), context: Self.context(installation))
        #expect(diagnosis.rules == .pending(.udevNotRunning))
        #expect(diagnosis.nextSteps.first?.contains("systemd-udevd") == true)
    }

    @Test func appliedButAnotherUserHasTheSeat() {
        let device = Self.touchscreen(properties: Self.applied, access: .denied(reason: "…"))
        let diagnosis = DeviceDiagnosis(device: device, context: Self.context(user: 1001))
        #expect(diagnosis.nextSteps == ["The seat's active session belongs to alice (uid 1000); uaccess gives access to that user only. Log in at the machine as yourself, or switch to your session."])
        #expect(diagnosis.needsAttention)
    }

    @Test func appliedButNoLogind() {
        let device = Self.touchscreen(properties: Self.applied, access: .denied(reason: "…"))
        let diagnosis = DeviceDiagnosis(device: device, context: Self.context(seat: .unknown(reason: "loginctl is not installed (no systemd-logind)")))
        #expect(diagnosis.nextSteps.first?.contains("needs systemd-logind") == true)
        #expect(diagnosis.nextSteps.first?.contains("'input' group") == true)
    }

    @Test func appliedAndTheSeatIsMineButNoAclYet() {
        let device = Self.touchscreen(properties: Self.applied, access: .denied(reason: "…"))
        let diagnosis = DeviceDiagnosis(device: device, context: Self.context())
        #expect(diagnosis.nextSteps.first?.contains("replug") == true)
    }

    @Test func aTouchscreenWithKeysIsLeftOutOnPurpose() {
        var device = Self.touchscreen(properties: ["ID_INPUT_KEY": "1"], access: .denied(reason: "…"))
        device.classification.hasKeys = true
        let diagnosis = DeviceDiagnosis(device: device, context: Self.context())
        guard case .excluded(let reason) = diagnosis.rules else {
            Issue.record("expected an exclusion, got \(diagnosis.rules)")
            return
        }
        #expect(reason.contains("ID_INPUT_KEY"))
        #expect(diagnosis.nextSteps.first?.contains("on purpose") == true)
        #expect(!diagnosis.needsAttention, "a device the rules exclude is not a failure of the setup")
    }

    @Test func invalidHwdbValuesAreReported() {
        let device = Self.touchscreen(properties: Self.applied.merging(["FORCEBRIDGE_AVERAGE_PRESSURE": "900"]) { $1 })
        let diagnosis = DeviceDiagnosis(device: device, context: Self.context())
        #expect(diagnosis.settings.problems.map(\.property) == ["FORCEBRIDGE_AVERAGE_PRESSURE"])
        #expect(diagnosis.nextSteps.first?.hasPrefix("Fix FORCEBRIDGE_AVERAGE_PRESSURE") == true)
        #expect(diagnosis.needsAttention)
    }

    @Test func aKeyboardIsNotCoveredAndNeedsNothing() {
        var description = DeviceDescription(name: "AT Translated Set 2 keyboard")
        for number: UInt16 in 1...88 { description.enable(.key, code: EventCode(number)) }
        let udev = ["ID_INPUT": "1", "ID_INPUT_KEY": "1", "ID_INPUT_KEYBOARD": "1"]
        let device = InputDeviceInfo(
            node: "/dev/input/event0", sysname: "event0", description: description, isOpened: false,
            classification: DeviceClassification(udevProperties: udev)!, hasUdevDatabase: true, udevProperties: udev,
            access: .denied(reason: "…"), openError: nil)
        let diagnosis = DeviceDiagnosis(device: device, context: Self.context())
        #expect(!diagnosis.decision.isGranted)
        #expect(diagnosis.nextSteps.isEmpty)
        #expect(!diagnosis.needsAttention)
    }
}
