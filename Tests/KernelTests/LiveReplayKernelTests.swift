import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import ForceRecording
import Testing

/// The same pipeline serves live devices and recordings: a press read live from the kernel gives
/// exactly the touches and interaction events that replaying the same events from a file gives.
@Suite(.guestOnly, .serialized)
struct LiveReplayKernelTests {
    @Test(arguments: [Int32(70), 100, 230])
    func livePressMatchesReplayedFile(peak: Int32) throws {
        let virtual = try VirtualDevice(description: TestDevices.touchscreen(name: "ForceBridge Differential Screen"))
        let node = try #require(virtual.node)
        #expect(waitUntil { FileManager.default.fileExists(atPath: node) })
        let device = try EvdevDevice(path: node)
        let live = PipelineLog(device: device.description)
        let gesture = ScriptedGesture.press(peak: peak)
        for frame in gesture {
            for event in frame { try virtual.write(event) }
            #expect(device.drain(into: live.pipeline) == .drained)
        }
        live.pipeline.finish()

        let directory = try KernelGuest.scratchDirectory("differential")
        let path = directory.appendingPathComponent("press.evemu").path
        let writer = try EvemuWriter(path: path, description: device.description)
        try writer.write(contentsOf: gesture.joined())
        try writer.close()
        let reader = try EvemuReader(path: path)
        let replayed = PipelineLog(device: reader.description)
        while let event = try reader.next() { replayed.pipeline.process(event) }
        replayed.pipeline.finish()

        #expect(live.lines == replayed.lines)
        #expect(!live.lines.isEmpty)
        // Peaks of 1.8, 2.6 and 6.0 force units (of 6.67 on 0-255): preview then cancel on lift,
        // preview ended then cancel during commit, commit.
        switch peak {
        case 70:
            #expect(live.interactionLines.first == "shouldBegin" && live.interactionLines.last == "cancel")
            #expect(!live.interactionLines.contains("preview 1000 true"))
        case 100:
            #expect(live.interactionLines.contains("preview 1000 true") && live.interactionLines.last == "cancel")
        default:
            #expect(live.interactionLines.last == "commit 1000 true")
        }
    }
}
