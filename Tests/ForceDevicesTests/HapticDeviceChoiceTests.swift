import ForceCore
@testable import ForceDevices
import Testing

/// The force-feedback device `haptic play --device` and `--haptics` name: the first one this user
/// may write to, or one named by node or by part of its name.
struct HapticDeviceChoiceTests {
    static func motor(_ node: String, _ name: String, access: DeviceAccess) -> InputDeviceInfo {
        var device = DeviceQueryTests.device(node, name)
        device.access = access
        return device
    }

    static let pad = motor("/dev/input/event7", "Gamepad", access: .readOnly)
    static let vibrator = motor("/dev/input/event9", "Vibrator", access: .readWrite)

    private func choice(_ argument: String?, among devices: [InputDeviceInfo]) -> String {
        do { return try DeviceDiscovery.hapticDevice(argument, among: devices).node } catch { return "\(error)" }
    }

    @Test func autoIsTheFirstWritable() {
        #expect(choice(nil, among: [Self.pad, Self.vibrator]) == "/dev/input/event9")
        #expect(choice("auto", among: [Self.pad, Self.vibrator]) == "/dev/input/event9")
        #expect(choice(nil, among: [Self.pad]) == "\(DeviceError.permissionDenied(path: "/dev/input/event7", forWriting: true))")
        #expect(throws: HapticDeviceChoiceError.self) { try DeviceDiscovery.hapticDevice(nil, among: []) }
    }

    @Test func aNodeOrPartOfAName() {
        #expect(choice("vibra", among: [Self.pad, Self.vibrator]) == "/dev/input/event9")
        #expect(choice("/dev/input/event7", among: [Self.pad, Self.vibrator])
            == "\(DeviceError.permissionDenied(path: "/dev/input/event7", forWriting: true))")
        #expect(throws: HapticDeviceChoiceError.self) { try DeviceDiscovery.hapticDevice("a", among: [Self.pad, Self.vibrator]) }
        #expect(throws: HapticDeviceChoiceError.self) { try DeviceDiscovery.hapticDevice("rumble", among: [Self.pad, Self.vibrator]) }
        #expect(throws: DeviceError.self) { try DeviceDiscovery.hapticDevice("/dev/input/no-such-node", among: [Self.vibrator]) }
    }

    @Test func theErrorsSayWhatWasAskedAndWhatThereIs() {
        #expect(choice(nil, among: []) == "No force-feedback device found: no event device has EV_FF with rumble or periodic effects.")
        #expect(choice("a", among: [Self.pad, Self.vibrator])
            == "'a' matches several force-feedback devices: /dev/input/event7 \"Gamepad\", /dev/input/event9 \"Vibrator\".")
        #expect(choice("rumble", among: [Self.pad, Self.vibrator])
            == "No force-feedback device matches 'rumble'. Force-feedback devices: /dev/input/event7 \"Gamepad\", /dev/input/event9 \"Vibrator\".")
        #expect(choice("rumble", among: []) == "No force-feedback device matches 'rumble'. There is no force-feedback device.")
    }
}
