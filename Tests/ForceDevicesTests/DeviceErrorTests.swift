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

    @Test func messagesStateFactsAndLeaveAdviceToThePrograms() {
        let text = DeviceError.permissionDenied(path: "/dev/input/event4", forWriting: false).description
        #expect(text == "/dev/input/event4: permission denied (opening for reading).")
        #expect(!DeviceError.uinputUnavailable(detail: "no /dev/uinput").description.contains("modprobe"))
        #expect(!DeviceError.noSuchNode(path: "/dev/input/event9").description.contains("forcebridge"))
    }
}
