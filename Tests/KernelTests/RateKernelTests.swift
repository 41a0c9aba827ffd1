import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import ForceRecording
import Testing

/// `forcebridge rate --device` reads a live stylus: the shipped stylus session, played into a
/// uinput pen with the recorded device's description, rates the same emoji as its replay, and
/// `--haptics` plays the peek and pop on a force-feedback device.
@Suite(.guestOnly, .serialized)
struct RateKernelTests {
    @Test func liveStylusRatesLikeTheReplay() throws {
        let path = KernelGuest.repositoryRoot.appendingPathComponent("recordings/stylus-commit.evemu").path
        let recording = try Recording(contentsOf: path)
        var description = recording.description
        description.name = "ForceBridge Rate Pen"
        let virtual = try VirtualDevice(description: description)
        let node = try #require(virtual.node)
        #expect(waitUntil { FileManager.default.fileExists(atPath: node) })

        // The phone's vibrator plays the peek and pop.
        let (haptics, hapticsNode) = try HapticProcessKernelTests.hardware()
        defer { haptics.destroy() }

        let rate = try Self.startRate(device: "ForceBridge Rate Pen", haptics: hapticsNode)
        defer { if rate.isRunning { rate.send(SIGKILL) } }

        try Self.play(recording.events, into: virtual)
        // The pen goes away once the overlay has rated (what follows, the pen lifting, changes
        // nothing it reports).
        #expect(waitUntil { rate.lines.contains { $0.hasPrefix("{\"type\":\"rated\"") } || !rate.isRunning }, "\(rate.standardOutput)")
        virtual.destroy()
        #expect(rate.wait() == 0, "\(rate.standardError)")

        let objects = rate.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let rated = objects.filter { $0["type"] as? String == "rated" }
        #expect(rated.count == 1, "\(rate.standardOutput)")
        #expect(rated.first?["emoji"] as? String == "🐙")
        #expect(rated.first?["rating"] as? String == "up")
        let ratings = try #require(objects.last { $0["type"] as? String == "ratings" })
        #expect((ratings["ratings"] as? [String: String]) == ["🐙": "up"])
        // A light peek at preview end, a heavy pop at commit; nothing left on the device.
        #expect(haptics.playedEffects.compactMap(\.effect) == [DocumentedEffects.phone(.light), DocumentedEffects.phone(.heavy)])
        #expect(haptics.residentEffects.isEmpty)
    }

    /// `rate --device DEVICE --haptics NODE`, headless jsonl, in a scratch home; returns once it
    /// has the device open (its first line). The overlay's clock starts with the first event and
    /// follows the kernel's timestamps: the cells load while the pen hovers, before it lands.
    static func startRate(device: String, haptics: String) throws -> ChildProcess {
        let home = try KernelGuest.scratchDirectory("rate")
        let rate = try ChildProcess(
            KernelGuest.forcebridge,
            ["rate", "--device", device, "--haptics", haptics, "--headless", "--format", "jsonl", "--no-user-profile"],
            environment: ["XDG_DATA_HOME": home.path, "HOME": home.path, "PATH": "/usr/bin:/bin"])
        #expect(waitUntil { rate.lines.count >= 1 || !rate.isRunning }, "\(rate.standardError)")
        return rate
    }

    /// Writes `events` into `virtual` at roughly their recorded pace (gaps capped at 50 ms): pacing
    /// the input, as a pen sends it; the overlay follows the kernel's timestamps, and a gap made
    /// longer by a slow guest changes nothing it decides.
    static func play(_ events: [InputEvent], into virtual: VirtualDevice) throws {
        var previous: Int64?
        for event in events {
            if event.isFrameEnd, let last = previous {
                let gap = max(0, event.time - last)
                if gap > 0 { usleep(useconds_t(min(gap, 50_000))) }
            }
            if event.isFrameEnd { previous = event.time }
            try virtual.write(event)
        }
    }
}
