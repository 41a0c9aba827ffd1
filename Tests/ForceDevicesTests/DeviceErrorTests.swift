import Foundation
import ForceDevices
import Testing

/// Opening something that is not an event device says what it is and what to use instead.
struct DeviceErrorTests {
    @Test func missingNode() {
        #expect(throws: DeviceError.noSuchNode(path: "/dev/input/event999")) {
            try EvdevDevice(path: "/dev/input/event999")
        }
    }

    @Test func characterDeviceOfAnotherSubsystem() {
        #expect(throws: DeviceError.notAnEventDevice(path: "/dev/null", detail: "its device major number is 1, not 13 (input)")) {
            try EvdevDevice(path: "/dev/null")
        }
    }

    @Test func regularFileAndDirectory() {
        #expect(throws: DeviceError.notAnEventDevice(path: "/etc/hostname", detail: "it is not a character device")) {
            try EvdevDevice(path: "/etc/hostname")
        }
        #expect(throws: DeviceError.notAnEventDevice(path: "/dev", detail: "it is a directory")) {
            try EvdevDevice(path: "/dev")
        }
    }

    @Test func permissionMessageNamesTheRulesAndAlternatives() {
        let text = DeviceError.permissionDenied(path: "/dev/input/event4", forWriting: false).description
        #expect(text.hasPrefix("/dev/input/event4: permission denied"))
        #expect(text.contains("udev-rules/70-forcebridge.rules"))
        #expect(text.contains("make install-udev"))
        #expect(text.contains("run as root"))
        #expect(text.contains("'input' group"))
    }

    @Test func nonTouchDeviceMessageExplainsTheRisk() {
        let text = DeviceError.notATouchDevice(path: "/dev/input/event2", name: "AT Keyboard", kind: "keyboard").description
        #expect(text.contains("is a keyboard"))
        #expect(text.contains("--allow-non-touch"))
    }
}
