import ForceCore
@testable import ForceDevices
import Testing

/// A device named by its node or by part of its name.
struct DeviceQueryTests {
    static func device(_ node: String, _ name: String) -> InputDeviceInfo {
        let description = DeviceDescription(name: name)
        return InputDeviceInfo(node: node, sysname: String(node.split(separator: "/").last!), description: description, isOpened: false,
                               classification: DeviceClassification(description), hasUdevDatabase: false, udevProperties: [:],
                               access: .readOnly, openError: nil)
    }

    static let devices = [device("/dev/input/event3", "Wacom Intuos Pro M Pen"), device("/dev/input/event4", "Wacom Intuos Pro M Finger"),
                          device("/dev/input/event5", "ELAN Touchscreen")]

    @Test func byNodeOrPartOfTheName() {
        #expect(DeviceQuery(argument: "/dev/input/event4").matches(in: Self.devices).map(\.node) == ["/dev/input/event4"])
        #expect(DeviceQuery(argument: "/dev/input/event9").matches(in: Self.devices).isEmpty)
        #expect(DeviceQuery(argument: "wacom").matches(in: Self.devices).map(\.node) == ["/dev/input/event3", "/dev/input/event4"])
        #expect(DeviceQuery(argument: "elan touch").matches(in: Self.devices).map(\.node) == ["/dev/input/event5"])
        #expect(DeviceQuery(argument: "./event3").isPath && !DeviceQuery(argument: "event3").isPath)
    }
}
