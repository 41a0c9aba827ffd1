import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import ForceRecording
import Testing

/// `forcebridge record` against a real device: the file loads in evemu's own tools and plays back
/// into a fresh uinput device identically; Ctrl-C leaves a valid file.
@Suite(.guestOnly, .serialized)
struct RecordKernelTests {
    @Test func recordingPlaysBackIdenticallyThroughEvemu() throws {
        let virtual = try VirtualDevice(description: TestDevices.touchscreen(name: "ForceBridge Record Screen"))
        let node = try #require(virtual.node)
        #expect(waitUntil { FileManager.default.fileExists(atPath: node) })
        let path = try KernelGuest.scratchDirectory("record").appendingPathComponent("press.evemu").path
        let recorder = try ChildProcess(KernelGuest.forcebridge, ["record", node, "-o", path])
        // It says so once it has the device open: the kernel keeps what is written from then on.
        #expect(waitUntil { recorder.standardError.contains("Recording") || !recorder.isRunning }, "\(recorder.standardError)")
        let gesture = ScriptedGesture.press(peak: 200)
        for frame in gesture {
            for event in frame { try virtual.write(event) }
            usleep(2_000)  // pacing: frames a few milliseconds apart, as a touchscreen sends them
        }
        // Ctrl-C once every frame is in the file (the recorder writes each frame as it ends).
        #expect(waitUntil { Self.frameCount(in: path) == gesture.count || !recorder.isRunning }, "\(recorder.standardError)")
        recorder.send(SIGINT)
        #expect(recorder.wait() == 0, "\(recorder.standardError)")
        #expect(recorder.standardError.contains("Recorded"))

        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600, "recordings are private to the user")
        let recording = try Recording(contentsOf: path)
        #expect(recording.description.name == "ForceBridge Record Screen")
        #expect(recording.events.count > 100)
        #expect(recording.events.last?.isFrameEnd == true)

        // evemu-device creates a device from the file; evemu-play replays the events into it.
        let creator = try ChildProcess("/usr/bin/evemu-device", [path])
        defer { creator.send(SIGTERM); creator.wait() }
        #expect(waitUntil { creator.standardOutput.contains("/dev/input/event") })
        let created = try #require(creator.standardOutput.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        #expect(waitUntil { FileManager.default.fileExists(atPath: created) })
        let playback = try EvdevDevice(path: created)
        #expect(playback.description.name == recording.description.name)
        #expect(playback.description.axes[AbsCode.mtPressure]?.maximum == 255)
        let collector = EventCollector()
        let player = try ChildProcess.run("/usr/bin/evemu-play", [created], input: path)
        #expect(player.status == 0, "\(player.error)")
        #expect(playback.drain(into: collector) == .drained)
        #expect(collector.values == recording.events.map { [Int($0.type.rawValue), Int($0.code.rawValue), Int($0.value)] })
    }

    @Test func interruptMidStreamLeavesAValidFile() throws {
        let virtual = try VirtualDevice(description: TestDevices.touchscreen(name: "ForceBridge Interrupted Screen"))
        let node = try #require(virtual.node)
        #expect(waitUntil { FileManager.default.fileExists(atPath: node) })
        let path = try KernelGuest.scratchDirectory("interrupt").appendingPathComponent("cut.evemu").path
        let recorder = try ChildProcess(KernelGuest.forcebridge, ["record", node, "-o", path])
        #expect(waitUntil { recorder.standardError.contains("Recording") || !recorder.isRunning }, "\(recorder.standardError)")
        let gesture = ScriptedGesture.press(peak: 200, frames: 400, lift: false)
        for (index, frame) in gesture.enumerated() {
            for event in frame { try virtual.write(event) }
            if index == 200 {
                // Mid-stream: frames are in the file and more keep coming.
                #expect(waitUntil { Self.frameCount(in: path) >= 10 || !recorder.isRunning }, "\(recorder.standardError)")
                recorder.send(SIGINT)
            }
            usleep(500)  // pacing: frames come and go while the recorder stops
        }
        #expect(recorder.wait() == 0, "\(recorder.standardError)")
        let recording = try Recording(contentsOf: path)
        #expect(recording.events.count > 10)
        #expect(recording.events.last?.isFrameEnd == true, "the file ends at a frame boundary")
        // libevemu reads it as well.
        let check = try ChildProcess.run("/usr/bin/python3", ["-c", """
            import evemu, sys
            d = evemu.Device(open(sys.argv[1]), create=False)
            print(d.name, sum(1 for _ in d.events()))
            """, path])
        #expect(check.status == 0, "\(check.error)")
        #expect(check.output.trimmingCharacters(in: .whitespacesAndNewlines) == "ForceBridge Interrupted Screen \(recording.events.count)")
    }

    /// How many frames (`SYN_REPORT` lines) the evemu file at `path` holds so far.
    static func frameCount(in path: String) -> Int {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.hasPrefix("E: ") && $0.contains(" 0000 0000 0000") }.count
    }

    @Test func keyboardsAreRefused() throws {
        let keyboard = try VirtualDevice(description: TestDevices.keyboard(name: "ForceBridge Secret Keyboard"))
        let node = try #require(keyboard.node)
        #expect(waitUntil { FileManager.default.fileExists(atPath: node) })
        let path = try KernelGuest.scratchDirectory("keyboard").appendingPathComponent("keys.evemu").path
        let result = try ChildProcess.run(KernelGuest.forcebridge, ["record", node, "-o", path, "--duration", "1"])
        #expect(result.status != 0)
        #expect(result.error.contains("keyboard"))
        #expect(result.error.contains("--allow-non-touch"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

/// Collects (type, code, value) of everything a device reads.
final class EventCollector: InputEventSink {
    private(set) var values: [[Int]] = []
    func process(_ event: InputEvent) { values.append([Int(event.type.rawValue), Int(event.code.rawValue), Int(event.value)]) }
    func beginResynchronization(at time: Int64) { values.append([0, Int(SynCode.dropped.rawValue), 0]) }
}
