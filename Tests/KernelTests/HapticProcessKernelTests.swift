import ForceSystem
import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import Testing

/// `forcebridge haptic` as a separate process on the virtual device: listing, playing, and what
/// happens to the motor when the player is interrupted or killed mid-pattern. Also the peek and
/// pop of `replay --haptics` and `monitor --haptics`.
@Suite(.guestOnly, .serialized)
struct HapticProcessKernelTests {
    /// A 30 s pattern: a tap, a long buzz, a tap, all in the first 30 s (one part, started by one
    /// write): the test interrupts it as soon as it has started, with half a minute to spare.
    static let longPattern = """
        {"Version": 1, "Pattern": [
          {"Event": {"Time": 0, "EventType": "HapticTransient"}},
          {"Event": {"Time": 0.1, "EventType": "HapticContinuous", "EventDuration": 29.5}},
          {"Event": {"Time": 29.8, "EventType": "HapticTransient"}}
        ]}
        """

    static func hardware(_ profile: VirtualHapticProfile = .phoneVibrator()) throws -> (VirtualHapticDevice, String) {
        var profile = profile
        profile.name += " \(getpid())-\(UInt16.random(in: 0...UInt16.max))"
        let device = try VirtualHapticDevice(profile: profile)
        return (device, try #require(device.eventNode()))
    }

    static func isPlay(_ event: HapticHardwareEvent) -> Bool { if case .play = event.kind { return true } else { return false } }

    @Test func listShowsTheDeviceWithItsCapabilities() throws {
        let (device, node) = try Self.hardware(.noGain(name: "ForceBridge Listed Haptics"))
        defer { device.destroy() }
        let result = try ChildProcess.run(KernelGuest.forcebridge, ["haptic", "list"])
        #expect(result.status == 0)
        #expect(result.output.contains("\(node): \"\(device.profile.name)\""), "\(result.output)")
        #expect(result.output.contains("effects: FF_RUMBLE FF_PERIODIC(FF_SQUARE FF_SINE)"))
        #expect(result.output.contains("slots: 16"))
        let json = try ChildProcess.run(KernelGuest.forcebridge, ["haptic", "list", "--json"])
        #expect(json.output.contains("\"node\":\"\(node)\""))
        #expect(json.output.contains("\"gain\":false"))
    }

    @Test(arguments: [["impact", "heavy"], ["notification", "error"], ["selection"]])
    func playRunsToTheEndAndLeavesNothingBehind(what: [String]) throws {
        let (device, node) = try Self.hardware()
        defer { device.destroy() }
        let result = try ChildProcess.run(KernelGuest.forcebridge, ["haptic", "play"] + what + ["--device", node, "--verbose"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Playing \(what.joined(separator: " ")) on \(node)"))
        #expect(device.events.contains(where: Self.isPlay))
        #expect(device.residentEffects.isEmpty, "the effects were erased at exit")
    }

    @Test(arguments: [SIGKILL, SIGTERM, SIGINT])
    func interruptingThePlayerMidPatternStopsTheMotor(signal: Int32) throws {
        let (device, node) = try Self.hardware()
        defer { device.destroy() }
        let directory = try KernelGuest.scratchDirectory("haptic-kill")
        let path = directory.appendingPathComponent("long.ahap").path
        try Self.longPattern.write(toFile: path, atomically: true, encoding: .utf8)
        let child = try ChildProcess(KernelGuest.forcebridge, ["haptic", "play", path, "--device", node])
        #expect(device.waitUntil { $0.events.filter(Self.isPlay).count == 3 }, "the player never started: \(child.standardError)")
        #expect(!device.runningEffects.isEmpty, "the buzz is running")
        child.send(signal)
        let status = child.wait()
        // Whoever does it — the player's own handler for SIGINT/SIGTERM, the kernel closing the
        // killed process's descriptor for SIGKILL — every effect is stopped and erased.
        #expect(device.waitUntil { VirtualHapticDevice.runningEffects(in: $0.events, at: MonotonicClock.now()).isEmpty })
        #expect(device.waitUntil { $0.residentEffects.isEmpty })
        let kinds = device.events.map(\.kind)
        for id in Set(device.playedEffects.map(\.id)) {
            #expect(kinds.contains(.erase(id: id)))
        }
        if signal == SIGKILL {
            #expect(child.terminationSignal == SIGKILL)
        } else {
            #expect(status == 128 + signal, "\(child.standardError)")
            #expect(child.standardError.contains("interrupted; the motor was stopped and the effects erased"))
        }
    }

    @Test func replayWithHapticsPlaysThePeekThenThePop() throws {
        let (device, node) = try Self.hardware()
        defer { device.destroy() }
        let recording = KernelGuest.repositoryRoot.appendingPathComponent("recordings/stylus-commit.evemu").path
        let result = try ChildProcess.run(KernelGuest.forcebridge, ["replay", recording, "--haptics", node, "--format", "summary", "--no-user-profile"])
        #expect(result.status == 0, "\(result.error)")
        let played = device.playedEffects.compactMap(\.effect)
        #expect(played == [DocumentedEffects.phone(.light), DocumentedEffects.phone(.heavy)])
        #expect(device.residentEffects.isEmpty)
    }

    @Test func monitorWithHapticsPlaysThePeekAndPopOfALivePress() throws {
        let (device, node) = try Self.hardware()
        defer { device.destroy() }
        let screen = try VirtualDevice(description: TestDevices.touchscreen(name: "ForceBridge Haptic Screen"))
        let screenNode = try #require(screen.node)
        #expect(waitUntil { FileManager.default.fileExists(atPath: screenNode) })
        let monitor = try ChildProcess(KernelGuest.forcebridge, ["monitor", screenNode, "--haptics", node, "--format", "jsonl", "--no-user-profile"])
        // Ready once the peek and pop are prepared.
        #expect(device.waitUntil { state in state.events.filter { if case .upload = $0.kind { return true } else { return false } }.count == 2 },
                "monitor did not prepare the haptics: \(monitor.standardError)")
        #expect(waitUntil { monitor.standardOutput.contains("\"type\":\"device\"") })
        for frame in ScriptedGesture.press(peak: 230) {
            for event in frame { try screen.write(event) }
        }
        #expect(device.waitUntil { $0.events.filter(Self.isPlay).count == 2 }, "\(monitor.standardOutput)")
        #expect(device.playedEffects.compactMap(\.effect) == [DocumentedEffects.phone(.light), DocumentedEffects.phone(.heavy)])
        monitor.send(SIGINT)
        #expect(monitor.wait() == 0)
        #expect(device.waitUntil { $0.residentEffects.isEmpty })
    }
}
