import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import Testing

/// Overflowing the kernel's evdev buffer (`SYN_DROPPED`) never leaves a stuck touch: libevdev's
/// resynchronization ends touches that changed during the gap (and their interaction) with a cancel.
@Suite(.guestOnly, .serialized)
struct FloodKernelTests {
    /// Presses into the commit phase, reading as it goes.
    private func pressIntoCommit(_ virtual: VirtualDevice, _ device: EvdevDevice, _ log: PipelineLog) throws {
        for frame in ScriptedGesture.press(peak: 100, frames: 30, lift: false) {
            for event in frame { try virtual.write(event) }
            #expect(device.drain(into: log.pipeline) == .drained)
        }
        #expect(log.interactionLines.first == "shouldBegin")
        #expect(log.pipeline.interaction.isActive)
    }

    /// Writes `frames` frames of movement on slot 0 without reading.
    private func flood(_ virtual: VirtualDevice, frames: Int) throws {
        for index in 0..<frames {
            try virtual.write(InputEvent(time: 0, type: .abs, code: AbsCode.mtPositionX, value: Int32(1000 + index % 500)))
            try virtual.write(InputEvent(time: 0, type: .abs, code: AbsCode.mtPositionY, value: Int32(800 + index % 300)))
            try virtual.write(.report(at: 0))
        }
    }

    @Test func liftLostInTheFloodCancelsTheTouchAndInteraction() throws {
        let virtual = try VirtualDevice(description: TestDevices.touchscreen(name: "ForceBridge Flood Screen"))
        let node = try #require(virtual.node)
        #expect(waitUntil { FileManager.default.fileExists(atPath: node) })
        let device = try EvdevDevice(path: node)
        let log = PipelineLog(device: device.description)
        try pressIntoCommit(virtual, device, log)

        try flood(virtual, frames: 5000)
        // The finger lifts while nobody reads; a second finger lands and stays.
        try virtual.write(InputEvent(time: 0, type: .abs, code: AbsCode.mtTrackingID, value: -1))
        try virtual.write(InputEvent(time: 0, type: .abs, code: AbsCode.mtSlot, value: 1))
        try virtual.write(InputEvent(time: 0, type: .abs, code: AbsCode.mtTrackingID, value: 77))
        try virtual.write(InputEvent(time: 0, type: .abs, code: AbsCode.mtPositionX, value: 3000))
        try virtual.write(InputEvent(time: 0, type: .abs, code: AbsCode.mtPositionY, value: 1500))
        try virtual.write(InputEvent(time: 0, type: .abs, code: AbsCode.mtPressure, value: 30))
        try virtual.write(.report(at: 0))
        try flood(virtual, frames: 3000)

        #expect(device.drain(into: log.pipeline) == .drained)
        #expect(device.droppedEventBursts >= 1, "the flood must overflow the kernel buffer")
        #expect(log.interactionLines.last == "cancel")
        #expect(log.interactionLines.filter { $0 == "cancel" || $0 == "commit 1000 true" }.count == 1)
        #expect(log.lines.contains { $0.hasPrefix("touch 1 cancelled") })
        // What is down now is exactly what the kernel says is down: the second finger (slot 1,
        // which the later flood moved, since it was the selected slot).
        let active = log.pipeline.tracker.activeTouches
        #expect(active.count == 1)
        #expect(active.first?.slot == 1)
        // It does not take over the (finished) interaction.
        #expect(!log.pipeline.interaction.isActive)

        // Lifting it leaves nothing behind.
        try virtual.write(InputEvent(time: 0, type: .abs, code: AbsCode.mtTrackingID, value: -1))
        try virtual.write(.report(at: 0))
        #expect(device.drain(into: log.pipeline) == .drained)
        #expect(log.pipeline.tracker.activeTouches.isEmpty)
    }

    @Test func touchThatPersistsThroughTheFloodContinues() throws {
        let virtual = try VirtualDevice(description: TestDevices.touchscreen(name: "ForceBridge Flood Hold Screen"))
        let node = try #require(virtual.node)
        #expect(waitUntil { FileManager.default.fileExists(atPath: node) })
        let device = try EvdevDevice(path: node)
        let log = PipelineLog(device: device.description)
        try pressIntoCommit(virtual, device, log)
        try flood(virtual, frames: 5000)
        #expect(device.drain(into: log.pipeline) == .drained)
        #expect(device.droppedEventBursts >= 1)
        #expect(!log.interactionLines.contains("cancel"), "the same contact is still down: nothing to cancel")
        #expect(log.pipeline.tracker.activeTouches.count == 1)
        // The later lift ends it as usual.
        try virtual.write(InputEvent(time: 0, type: .abs, code: AbsCode.mtTrackingID, value: -1))
        try virtual.write(.report(at: 0))
        #expect(device.drain(into: log.pipeline) == .drained)
        #expect(log.interactionLines.last == "cancel")
        #expect(log.pipeline.tracker.activeTouches.isEmpty)
    }
}
