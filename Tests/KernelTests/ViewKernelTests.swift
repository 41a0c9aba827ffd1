import ForceCore
import ForceDevices
import ForceSystem
import ForceTestSupport
import Foundation
import Glibc
import Testing

/// `forcebridge view` on a live uinput pen in the guest, its page's WebSocket read by a client:
/// a message for every kernel frame, and a touchscreen followed as it is unplugged and plugged back in.
@Suite(.guestOnly, .serialized)
struct ViewKernelTests {
    @Test func everyKernelFrameReachesThePage() throws {
        let name = "ForceBridge View Pen \(getpid())"
        let pen = try VirtualDevice(description: TestDevices.penTablet(name: name))
        let node = try #require(pen.node)
        let keyboard = try VirtualDevice(description: TestDevices.keyboard(name: "ForceBridge View Keyboard \(getpid())"))
        #expect(waitUntil { FileManager.default.fileExists(atPath: node) })
        let view = try ViewGuest([name])
        try #require(waitUntil { !view.objects("view-device").isEmpty }, "\(view.diagnostics)")
        let device = view.objects("view-device")[0]
        #expect(device["node"] as? String == node && device["kind"] as? String == "tablet", "\(device)")
        let listed = try #require(view.listedNodes, "\(view.diagnostics)")
        let keyboardNode = try #require(keyboard.node)
        #expect(listed.contains(node) && !listed.contains(keyboardNode), "a keyboard was listed: \(listed)")

        // The kernel stamps each frame when it is written; the writer paces the frames as a pen
        // reports them (about 200 a second), never more than a few ahead of the page.
        let frames = PenStroke.frames(count: 300)
        let written = try view.write(frames, to: pen)
        view.expectEveryFrame(of: frames.count)
        view.printLatency("view", written: written)
        #expect(view.stop() == 0, "\(view.diagnostics)")
        let summary = try #require(view.objects("summary").last, "\(view.diagnostics)")
        #expect(summary["frames"] as? Int == frames.count, "\(summary)")
    }

    /// Without DEVICE the view waits for a touch or tablet device; the touchscreen plugged in is
    /// shown; unplugged while pressed, its touch and interaction end cancelled and it leaves the
    /// device list; plugged back in, it is shown again. (A touchscreen, not a pen: the kernel
    /// releases a disconnected device's keys, so a pen's BTN_TOUCH lifts it before it goes.)
    @Test func followsTheScreenUnpluggedAndPluggedBackIn() throws {
        let name = "ForceBridge View Hotplug Screen \(getpid())"
        let view = try ViewGuest([])
        try #require(waitUntil { view.listedNodes != nil }, "\(view.diagnostics)")
        #expect(view.listedNodes == [], "no touch or tablet device yet")

        var screen: VirtualDevice? = try VirtualDevice(description: TestDevices.touchscreen(name: name))
        let firstNode = try #require(screen?.node)
        #expect(waitUntil { view.objects("view-device").count == 1 }, "\(view.diagnostics)")
        #expect(view.listedNodes == [firstNode])
        #expect(view.objects("view-device").first?["node"] as? String == firstNode)
        for frame in ScriptedGesture.press(peak: 90, frames: 30, lift: false) {
            try screen?.write(contentsOf: frame)
            usleep(5000)
        }
        #expect(waitUntil { view.objects("interaction").contains { $0["event"] as? String == "shouldBegin" } }, "\(view.diagnostics)")

        screen?.destroy()
        screen = nil
        #expect(waitUntil { !view.objects("device-lost").isEmpty && view.listedNodes == [] }, "\(view.diagnostics)")
        #expect(view.objects("touch").last?["phase"] as? String == "cancelled")
        #expect(view.objects("interaction").contains { $0["event"] as? String == "cancel" })
        #expect(view.view.isRunning, "the view keeps running when its device went away")

        screen = try VirtualDevice(description: TestDevices.touchscreen(name: name))
        let secondNode = try #require(screen?.node)
        #expect(waitUntil { view.objects("view-device").count == 2 }, "\(view.diagnostics)")
        #expect(view.objects("view-device").last?["node"] as? String == secondNode)
        #expect(view.listedNodes == [secondNode])
        let frames = ScriptedGesture.press(trackingID: 9, peak: 40, frames: 10)
        _ = try view.write(frames, to: try #require(screen), after: 2)
        #expect(waitUntil { view.frameArrivals(after: 2).count == frames.count }, "\(view.diagnostics)")
        #expect(view.stop() == 0, "\(view.diagnostics)")
        #expect(view.objects("summary").count == 2)
    }
}
