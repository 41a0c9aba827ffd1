import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import Testing

/// `forcebridge monitor` keeps running when its device disappears (touches and interaction are
/// cancelled) and resumes when it comes back.
@Suite(.guestOnly, .serialized)
struct HotplugKernelTests {
    private func objects(_ child: ChildProcess) -> [[String: Any]] {
        child.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test func monitorSurvivesUnplugAndReplug() throws {
        let name = "ForceBridge Hotplug Screen"
        var virtual: VirtualDevice? = try VirtualDevice(description: TestDevices.touchscreen(name: name))
        let firstNode = try #require(virtual?.node)
        #expect(waitUntil { FileManager.default.fileExists(atPath: firstNode) })
        let monitor = try ChildProcess(KernelGuest.forcebridge, ["monitor", name, "--format", "jsonl"])
        defer { if monitor.isRunning { monitor.send(SIGKILL) } }
        #expect(waitUntil { objects(monitor).contains { $0["type"] as? String == "device" } }, "\(monitor.standardError)")

        for frame in ScriptedGesture.press(peak: 90, frames: 30, lift: false) {
            for event in frame { try virtual?.write(event) }
            usleep(1000)
        }
        #expect(waitUntil { objects(monitor).contains { $0["event"] as? String == "shouldBegin" } })

        virtual?.destroy()
        virtual = nil
        #expect(waitUntil { objects(monitor).contains { $0["type"] as? String == "device-lost" } }, "\(monitor.standardOutput)")
        let afterLoss = objects(monitor)
        #expect(afterLoss.contains { $0["type"] as? String == "interaction" && $0["event"] as? String == "cancel" })
        #expect(afterLoss.contains { $0["type"] as? String == "touch" && $0["phase"] as? String == "cancelled" })
        #expect(monitor.isRunning, "monitor keeps running after the device went away")

        virtual = try VirtualDevice(description: TestDevices.touchscreen(name: name))
        #expect(waitUntil { objects(monitor).filter { $0["type"] as? String == "device" }.count == 2 }, "\(monitor.standardOutput)")
        for frame in ScriptedGesture.press(trackingID: 9, peak: 40, frames: 10) {
            for event in frame { try virtual?.write(event) }
            usleep(1000)
        }
        #expect(waitUntil { objects(monitor).filter { $0["phase"] as? String == "began" }.count == 2 })
        monitor.send(SIGINT)
        #expect(monitor.wait() == 0, "\(monitor.standardError)")
        #expect(objects(monitor).filter { $0["type"] as? String == "summary" }.count == 2)
    }
}
