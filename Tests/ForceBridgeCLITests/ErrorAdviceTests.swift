@testable import ForceBridgeCLI
import ForceCore
import ForceDevices
import Testing

/// The command line adds to the libraries' facts what to do about them.
struct ErrorAdviceTests {
    @Test func permissionMessageNamesTheRulesAndAlternatives() {
        let text = CommandFailure.message(for: DeviceError.permissionDenied(path: "/dev/input/event4", forWriting: false))
        #expect(text.hasPrefix("/dev/input/event4: permission denied"))
        #expect(text.contains("udev-rules/70-forcebridge.rules"))
        #expect(text.contains("sudo forcebridge udev install"))
        #expect(text.contains("run as root"))
        #expect(text.contains("'input' group"))
    }

    @Test func deniedAccessSuggestsTheRulesOnlyForDevicesTheyGrant() {
        let denial = DeviceAccess.denied(reason: "owned by root:input with mode 660, and no ACL grants you access", byPermissions: true)
        var touchscreen = DeviceClassification(DeviceDescription(name: "screen"))
        touchscreen.isTouchscreen = true
        var keyboard = DeviceClassification(DeviceDescription(name: "keyboard"))
        keyboard.isKeyboard = true
        keyboard.hasKeys = true
        #expect(DeviceErrorAdvice.accessProblem(denial, classification: touchscreen)?.hasSuffix("('sudo forcebridge udev install') to give the seat's user access") == true)
        #expect(DeviceErrorAdvice.accessProblem(denial, classification: keyboard)?.hasSuffix("leave this kind of device alone on purpose") == true)
        #expect(DeviceErrorAdvice.accessProblem(.denied(reason: "the node does not exist"), classification: touchscreen) == "the node does not exist")
        #expect(DeviceErrorAdvice.accessProblem(.readOnly, classification: touchscreen) == nil)
    }

    @Test func uinputAdviceNamesTheModule() {
        #expect(CommandFailure.message(for: DeviceError.uinputUnavailable(detail: "no /dev/uinput"))
            == "/dev/uinput is not available (no /dev/uinput). Load the module ('modprobe uinput') and make sure you may write to /dev/uinput.")
    }
}
