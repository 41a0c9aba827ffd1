import ForceCore
import ForceDevices
import ForceSystem
import ForceTestSupport
import Glibc
import Testing

/// `forcebridge rate --device` on a live touchscreen without pressure or contact size (uinput,
/// real kernel): a finger held still on a cell previews it and rates it by duration alone
/// (Haptic Touch), before it lifts.
@Suite(.guestOnly, .serialized)
struct HoldToRateKernelTests {
    @Test func aFingerHeldStillOnACellRatesIt() throws {
        let name = "ForceBridge Hold To Rate Screen"
        let device = try VirtualDevice(description: TestDevices.touchscreenWithoutForce(name: name))
        defer { device.destroy() }
        let node = try #require(device.node)
        #expect(waitUntil { FileSystem.item(at: node) != .missing })

        let home = try FileSystem.makeTemporaryDirectory(prefix: "forcebridge-hold-to-rate-")
        let rate = try ChildProcess(
            KernelGuest.forcebridge, ["rate", "--device", node, "--headless", "--format", "jsonl", "--no-user-profile"],
            environment: ["XDG_DATA_HOME": home, "HOME": home, "PATH": "/usr/bin:/bin"])
        defer { if rate.isRunning { rate.send(SIGKILL) } }
        #expect(waitUntil { rate.lines.contains { $0.hasPrefix("{\"type\":\"overlay\"") } }, "\(rate.standardError)")
        #expect(rate.lines.first?.contains("\"forceAvailable\":false,\"forceSource\":\"duration\"") == true, "\(rate.lines)")

        // 🐙 is row 2, column 2 of the 4 × 3 grid over 3840 × 2160 units; its upper half is 👍.
        try device.write(contentsOf: [
            InputEvent(time: 0, type: .abs, code: AbsCode.mtSlot, value: 0),
            InputEvent(time: 0, type: .abs, code: AbsCode.mtTrackingID, value: 3),
            InputEvent(time: 0, type: .abs, code: AbsCode.mtPositionX, value: 1440),
            InputEvent(time: 0, type: .abs, code: AbsCode.mtPositionY, value: 900),
            InputEvent(time: 0, type: .key, code: KeyCode.touch, value: 1),
            .report(at: 0),
        ])
        // The session starts with the first event; 🐙 (item 5) loads 0.1 s later, before the
        // preview begins at 0.15 s. Nothing more is written until the rating: the timer alone
        // gets it there.
        #expect(waitUntil { rate.lines.contains { $0.hasPrefix("{\"type\":\"rated\"") } }, "\(rate.standardOutput)")
        try device.write(contentsOf: [
            InputEvent(time: 0, type: .abs, code: AbsCode.mtTrackingID, value: -1),
            InputEvent(time: 0, type: .key, code: KeyCode.touch, value: 0),
            .report(at: 0),
        ])
        rate.send(SIGINT)
        #expect(rate.wait() == 0, "\(rate.standardError)")

        let rated = rate.lines.filter { $0.hasPrefix("{\"type\":\"rated\"") }
        #expect(rated.count == 1 && rated[0].contains("\"emoji\":\"🐙\",\"rating\":\"up\""), "\(rate.standardOutput)")
        #expect(rate.lines.contains { $0.hasPrefix("{\"type\":\"ratings\",\"ratings\":{\"🐙\":\"up\"}") }, "\(rate.standardOutput)")
    }
}
