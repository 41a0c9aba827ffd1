import ForceCore
import ForceDevices
import ForceTerminalUI
import Testing

/// Why a device cannot be opened, as `list` and `doctor` say it: the udev rules are suggested
/// only for the devices they grant.
struct DeviceAccessProblemTests {
    @Test func deniedAccessSuggestsTheRulesOnlyForDevicesTheyGrant() {
        let denial = DeviceAccess.denied(reason: "owned by root:input with mode 660, and no ACL grants you access", byPermissions: true)
        var touchscreen = DeviceClassification(DeviceDescription(name: "screen"))
        touchscreen.isTouchscreen = true
        var keyboard = DeviceClassification(DeviceDescription(name: "keyboard"))
        keyboard.isKeyboard = true
        keyboard.hasKeys = true
        #expect(denial.problem(classification: touchscreen)?.hasSuffix("('sudo forcebridge udev install') to give the seat's user access") == true)
        #expect(denial.problem(classification: keyboard)?.hasSuffix("leave this kind of device alone on purpose") == true)
        #expect(DeviceAccess.denied(reason: "the node does not exist").problem(classification: touchscreen) == "the node does not exist")
        #expect(DeviceAccess.readOnly.problem(classification: touchscreen) == nil)
    }
}
