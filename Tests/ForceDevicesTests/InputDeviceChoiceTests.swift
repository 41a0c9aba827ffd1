import ForceCore
@testable import ForceDevices
import ForceTestSupport
import Testing

/// The input device a command's DEVICE argument names: one device by node or part of its name,
/// never a keyboard or mouse unless asked, or the first touch device when nothing is named.
struct InputDeviceChoiceTests {
    static func device(_ node: String, _ description: DeviceDescription) -> InputDeviceInfo {
        InputDeviceInfo(node: node, sysname: String(node.split(separator: "/").last!), description: description, isOpened: false,
                        classification: DeviceClassification(description), hasUdevDatabase: false, udevProperties: [:],
                        access: .readOnly, openError: nil)
    }

    static let keyboard = DeviceQueryTests.device("/dev/input/event2", "AT Translated Set 2 keyboard")
    static let panel = device("/dev/input/event5", TestDevices.touchscreen(name: "ELAN Touchscreen"))
    static let plain = device("/dev/input/event6", TestDevices.touchscreenWithoutForce(name: "Goodix Touchscreen"))
    static let devices = [keyboard, panel, plain]

    private func choice(_ argument: String, allowingNonTouch: Bool = false, among devices: [InputDeviceInfo] = devices) -> String {
        do {
            return try DeviceDiscovery.inputDevice(argument, allowingNonTouch: allowingNonTouch, among: devices).node
        } catch {
            return "\(error)"
        }
    }

    @Test func oneDeviceByNodeOrName() {
        #expect(choice("elan") == "/dev/input/event5")
        #expect(choice("/dev/input/event6") == "/dev/input/event6")
        #expect(choice("touchscreen") == "'touchscreen' matches several devices: "
            + "/dev/input/event5 \"ELAN Touchscreen\", /dev/input/event6 \"Goodix Touchscreen\".")
        #expect(choice("wacom") == "No input device matches 'wacom'. Touch, tablet and haptic devices: "
            + "/dev/input/event5 \"ELAN Touchscreen\", /dev/input/event6 \"Goodix Touchscreen\".")
        #expect(choice("wacom", among: [Self.keyboard]) == "No input device matches 'wacom'. No touch, tablet or haptic device is present.")
    }

    @Test func keyboardsOnlyWhenAskedFor() {
        #expect(choice("keyboard").hasPrefix("/dev/input/event2 (\"AT Translated Set 2 keyboard\") is a "))
        #expect(choice("keyboard").hasSuffix("ForceBridge does not read it (recording keyboards or mice would capture what is typed)."))
        #expect(choice("keyboard", allowingNonTouch: true) == "/dev/input/event2")
    }

    @Test func aPathUdevDoesNotKnowIsOpenedToSayWhatItIs() {
        #expect(throws: DeviceError.self) { try DeviceDiscovery.inputDevice("/dev/input/no-such-node", allowingNonTouch: false, among: Self.devices) }
    }

    @Test func theFirstTouchDeviceWhenNothingIsNamed() throws {
        #expect(try DeviceDiscovery.touchDevice(nil, among: Self.devices).node == "/dev/input/event5")
        #expect(try DeviceDiscovery.touchDevice("goodix", among: Self.devices).node == "/dev/input/event6")
        #expect(throws: InputDeviceChoiceError.self) { try DeviceDiscovery.touchDevice(nil, among: [Self.keyboard]) }
        #expect(throws: InputDeviceChoiceError.self) { try DeviceDiscovery.touchDevice("keyboard", among: Self.devices) }
    }
}
