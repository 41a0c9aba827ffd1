import ForceCore
@testable import ForceDevices
import Testing

/// The original `forcebridge twin DEVICE` means: a twin's node names its original, a name names
/// the one device that is not a twin.
struct TwinOriginalTests {
    static func twin(of original: InputDeviceInfo, node: String) -> InputDeviceInfo {
        var twin = original
        twin.node = node
        twin.sysname = String(node.split(separator: "/").last!)
        twin.description = TwinDevice.twinDescription(of: original.description, node: original.node)
        return twin
    }

    @Test func aTwinNamesItsOriginalAndANameSkipsTwins() throws {
        let pen = DeviceQueryTests.device("/dev/input/event3", "Wacom Intuos Pro M Pen")
        let screen = DeviceQueryTests.device("/dev/input/event5", "ELAN Touchscreen")
        let twin = Self.twin(of: pen, node: "/dev/input/event12")
        let devices = [pen, screen, twin]
        #expect(try TwinOriginal.named("/dev/input/event12", among: devices).node == pen.node)
        #expect(try TwinOriginal.named("intuos pro m pen", among: devices).node == pen.node)
        #expect(try TwinOriginal.named("/dev/input/event5", among: devices).node == screen.node)
        #expect(throws: TwinOriginal.Failure.originalGone) { try TwinOriginal.named("/dev/input/event12", among: [screen, twin]) }
        #expect(throws: TwinOriginal.Failure.notOneMatch) { try TwinOriginal.named("e", among: devices) }
        #expect(throws: TwinOriginal.Failure.notOneMatch) { try TwinOriginal.named("/dev/input/event9", among: devices) }
    }
}
