import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import Testing

/// Real uinput devices are found through libudev and classified by udev's rules.
@Suite(.guestOnly, .serialized)
struct DiscoveryKernelTests {
    @Test func touchscreenPenAndKeyboardAreClassified() throws {
        let screen = try VirtualDevice(description: TestDevices.touchscreen())
        let pen = try VirtualDevice(description: TestDevices.penTablet())
        let keyboard = try VirtualDevice(description: TestDevices.keyboard())
        let nodes = [screen.node, pen.node, keyboard.node]
        #expect(nodes.allSatisfy { $0 != nil })
        #expect(waitUntil { nodes.allSatisfy { FileManager.default.fileExists(atPath: $0 ?? "") } })

        let devices = DeviceDiscovery.enumerate()
        let found = try #require(devices.first { $0.node == screen.node })
        #expect(found.kind == .touchscreen)
        #expect(found.isOpened)
        #expect(found.description.pressureAxis?.code == AbsCode.mtPressure)
        #expect(found.description.pressureAxis?.info.maximum == 255)
        #expect(found.description.slotCount == 10)

        let tablet = try #require(devices.first { $0.node == pen.node })
        #expect(tablet.kind == .tablet)
        #expect(tablet.description.pressureAxis?.code == AbsCode.pressure)
        #expect(tablet.description.pressureAxis?.info.maximum == 8191)
        #expect(tablet.description.axis(AbsCode.tiltX)?.resolution == 57)

        let keys = try #require(devices.first { $0.node == keyboard.node })
        #expect(keys.classification.isKeyboard)
        #expect(!keys.isForceBridgeDevice)
        #expect(!keys.isOpened, "keyboards are never opened")
    }

    @Test func listCommandReportsThem() throws {
        let screen = try VirtualDevice(description: TestDevices.touchscreen(name: "ForceBridge List Screen"))
        let pen = try VirtualDevice(description: TestDevices.penTablet(name: "ForceBridge List Pen"))
        #expect(waitUntil { [screen.node, pen.node].allSatisfy { FileManager.default.fileExists(atPath: $0 ?? "") } })
        let result = try ChildProcess.run(KernelGuest.forcebridge, ["list", "--json"])
        #expect(result.status == 0)
        let objects = result.output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let screenLine = try #require(objects.first { $0["node"] as? String == screen.node })
        #expect(screenLine["kind"] as? String == "touchscreen")
        #expect(screenLine["pressureAxis"] as? String == "ABS_MT_PRESSURE")
        #expect(screenLine["pressureMax"] as? Int == 255)
        #expect(screenLine["slots"] as? Int == 10)
        #expect(screenLine["access"] as? String == "read-write")
        let penLine = try #require(objects.first { $0["node"] as? String == pen.node })
        #expect(penLine["kind"] as? String == "tablet")
        #expect(penLine["pressureAxis"] as? String == "ABS_PRESSURE")
        #expect(penLine["pressureMax"] as? Int == 8191)
    }
}
