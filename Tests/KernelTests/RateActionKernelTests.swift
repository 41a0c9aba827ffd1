import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import ForceRecording
import Testing

/// `forcebridge rate --device` with a live uinput pen performing a peek action: the shipped
/// peek-action session, played into a pen with the recorded description, peeks the octopus,
/// slides up onto "Rate 👎" and lifts; the motor plays the peek and the selection ticks, and no
/// pop (an action, not a commit, ends the interaction).
@Suite(.guestOnly, .serialized)
struct RateActionKernelTests {
    @Test func aLivePenPerformsAPeekActionWithItsTicksAtTheMotor() throws {
        let path = KernelGuest.repositoryRoot.appendingPathComponent("recordings/peek-action.evemu").path
        let recording = try Recording(contentsOf: path)
        var description = recording.description
        description.name = "ForceBridge Peek Pen"
        let virtual = try VirtualDevice(description: description)
        let node = try #require(virtual.node)
        #expect(waitUntil { FileManager.default.fileExists(atPath: node) })

        let (haptics, hapticsNode) = try HapticProcessKernelTests.hardware()
        defer { haptics.destroy() }
        let rate = try RateKernelTests.startRate(device: "ForceBridge Peek Pen", haptics: hapticsNode)
        defer { if rate.isRunning { rate.send(SIGKILL) } }

        try RateKernelTests.play(recording.events, into: virtual)
        // The action is performed as the pen lifts, at the end of the session: the pen goes away
        // once the overlay has performed it.
        #expect(waitUntil { rate.lines.contains { $0.hasPrefix("{\"type\":\"actionPerformed\"") } || !rate.isRunning }, "\(rate.standardOutput)")
        virtual.destroy()
        #expect(rate.wait() == 0, "\(rate.standardError)")

        let objects = rate.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let types = objects.compactMap { $0["type"] as? String }
        let performed = try #require(objects.first { $0["type"] as? String == "actionPerformed" }, "\(rate.standardOutput)")
        #expect(performed["action"] as? String == "rate-down" && performed["item"] as? Int == 5)
        #expect(types.contains("actions") && types.filter { $0 == "actionHighlighted" }.count == 2)
        #expect(!types.contains("cancel"), "an action ends the interaction without a cancel")
        let ratings = try #require(objects.last { $0["type"] as? String == "ratings" })
        #expect((ratings["ratings"] as? [String: String]) == ["🐙": "down"])
        let summary = try #require(objects.last { $0["type"] as? String == "summary" })
        #expect(summary["actionsPerformed"] as? Int == 1 && summary["commits"] as? Int == 0)

        // At the motor: the light peek first, then only selection ticks (the thumb crossing the
        // cell's middle during the commit, coalesced, and one per action highlighted); no pop.
        let effects = haptics.playedEffects.compactMap(\.effect)
        #expect(effects.first == DocumentedEffects.phone(.light))
        #expect(effects.dropFirst().allSatisfy { $0 == DocumentedEffects.phoneSelection }, "\(effects)")
        #expect(effects.count >= 3, "two action ticks at least: \(effects)")
        #expect(haptics.residentEffects.isEmpty)
    }
}
