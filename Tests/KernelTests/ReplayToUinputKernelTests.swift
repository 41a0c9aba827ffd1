import ForceTestSupport
import Foundation
import ForceCore
import ForceDevices
import ForceRecording
import Testing

/// `forcebridge replay FILE --to-uinput` against the real kernel: a reader of the virtual device
/// gets exactly the touches and interaction events that replaying the file gives, at the
/// recording's pace (the timing error is measured and printed, not asserted); signals remove the
/// device and end the command cleanly.
@Suite(.guestOnly, .serialized)
struct ReplayToUinputKernelTests {
    static func recording(_ name: String) -> String {
        KernelGuest.repositoryRoot.appendingPathComponent("recordings/\(name)").path
    }

    /// Starts `forcebridge replay` into uinput and returns it with the node it announced. The
    /// first event waits until the test opens the node, and half a second more: the test then
    /// builds its reader (slow in a debug build under emulation), and a reader that does not read
    /// the first 1024 events in time would lose some (SYN_DROPPED).
    private func startReplay(_ arguments: [String]) throws -> (ChildProcess, String) {
        let child = try ChildProcess(KernelGuest.forcebridge, ["replay"] + arguments + ["--to-uinput", "--wait-for-readers", "30", "--delay", "0.5", "--no-user-profile"])
        #expect(KernelGuest.wait(seconds: 30) { child.standardError.contains("Waiting up to") || !child.isRunning }, "\(child.standardError)")
        let node = try #require(child.standardError.split(separator: " ").first { $0.hasPrefix("/dev/input/event") }.map(String.init),
                                "no node announced: \(child.standardError)")
        #expect(child.standardError.hasPrefix("Created \(node) \""), "\(child.standardError)")
        return (child, node)
    }

    /// Reads `device` into `sink` until it goes away (or `seconds` pass).
    private func readUntilRemoved(_ device: EvdevDevice, into sink: any InputEventSink, seconds: Double = 60) throws -> Bool {
        let loop = try EventLoop()
        var removed = false
        let descriptor = try #require(device.fileDescriptor)
        try loop.watch(descriptor) {
            if device.drain(into: sink) != .drained {
                removed = true
                loop.stop()
            }
        }
        try loop.run(until: MonotonicClock.now() + Int64(seconds * 1_000_000))
        loop.unwatch(descriptor)
        return removed
    }

    /// The recording's frames: each `SYN_REPORT`'s time and the events before it.
    private func recordedFrames(_ path: String) throws -> [(time: Int64, events: [[Int32]])] {
        let reader = try RecordingFormat.open(path: path)
        var frames: [(time: Int64, events: [[Int32]])] = []
        var pending: [[Int32]] = []
        while let event = try reader.next() {
            if event.isFrameEnd {
                frames.append((event.time, pending))
                pending.removeAll()
            } else {
                pending.append([Int32(event.type.rawValue), Int32(event.code.rawValue), event.value])
            }
        }
        return frames
    }

    @Test(arguments: ["stylus-commit.evemu", "worn-pen.evemu", "touchscreen-two-fingers.evemu", "touchscreen-palm.evemu"])
    func liveReaderSeesTheReplayAtTheRecordedPace(name: String) throws {
        let path = Self.recording(name)
        let (replay, node) = try startReplay([path, "--speed", "realtime", "--format", "summary"])
        defer { if replay.isRunning { replay.send(SIGKILL) } }
        let device = try EvdevDevice(path: node)
        let live = PipelineLog(device: device.description)
        let timing = FrameTimingSink(forwardingTo: live.pipeline)
        #expect(try readUntilRemoved(device, into: timing), "the device is removed after the replay")
        #expect(timing.resynchronizations == 0,
                "the test's reader fell more than 1024 events behind (SYN_DROPPED): it was not scheduled for about a second")
        live.pipeline.finish()
        #expect(replay.wait() == 0, "\(replay.standardError)")
        #expect(replay.standardError.contains("Removed \(node) after writing"), "\(replay.standardError)")
        #expect(!FileManager.default.fileExists(atPath: node))

        // The same file replayed directly gives the same touches and interaction events.
        let reader = try RecordingFormat.open(path: path)
        let replayed = PipelineLog(device: reader.description)
        while let event = try reader.next() { replayed.pipeline.process(event) }
        replayed.pipeline.finish()
        #expect(!live.lines.isEmpty)
        #expect(live.lines == replayed.lines)

        // And the command's own report is that of a plain replay.
        let plain = try ChildProcess.run(KernelGuest.forcebridge, ["replay", path, "--format", "summary", "--no-user-profile"])
        #expect(plain.status == 0)
        #expect(replay.standardOutput == plain.output)

        // Timing: reported, not asserted (the guest is an emulated machine on a shared host).
        let recorded = try recordedFrames(path)
        let errors = FrameTimingErrors(live: timing.frames, recorded: recorded) { $0.kernelTime }
        #expect(errors.unmatched.isEmpty, "frames read that the recording does not have: \(errors.unmatched.prefix(3)) of \(timing.frames.count)")
        let delivery = timing.frames.map { Double($0.readTime - $0.kernelTime) / 1000 }.sorted()
        print("replay --to-uinput timing, \(name): \(errors) [\(recorded.count) frames recorded]; "
            + String(format: "read by the test %.3f ms (p50), %.3f ms (p99) after the kernel's timestamp",
                     delivery[delivery.count / 2], delivery[min(delivery.count - 1, delivery.count * 99 / 100)]))
        #expect(errors.errors.count >= recorded.count * 9 / 10, "nearly every frame reaches the reader")
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func signalMidReplayRemovesTheDevice(signal: Int32) throws {
        let (replay, node) = try startReplay([Self.recording("stylus-commit.evemu"), "--speed", "realtime", "--format", "jsonl"])
        defer { if replay.isRunning { replay.send(SIGKILL) } }
        let device = try EvdevDevice(path: node)
        let live = PipelineLog(device: device.description)
        let frames = FrameTimingSink(forwardingTo: live.pipeline)
        let loop = try EventLoop()
        let descriptor = try #require(device.fileDescriptor)
        try loop.watch(descriptor) {
            _ = device.drain(into: frames)
            if frames.frameCount >= 150 { loop.stop() }  // the pen has landed: 150 of 411 frames
        }
        // Let it play for a while, then stop it.
        try loop.run(until: MonotonicClock.now() + 20_000_000)
        #expect(replay.isRunning, "the recording lasts 2 s")
        let reached = live.lines.count
        replay.send(signal)
        #expect(replay.wait(seconds: 10) == 0, "\(replay.standardError)")
        #expect(KernelGuest.wait(seconds: 2) { !FileManager.default.fileExists(atPath: node) }, "the node disappears")
        #expect(device.drain(into: live.pipeline) == .deviceLost)
        #expect(reached > 0, "frames arrived before the signal")
        #expect(replay.standardError.contains("Stopped: removed \(node) after writing"), "\(replay.standardError)")
        // The report ends as a cut-off replay does: a summary after the touches so far.
        #expect(replay.lines.last?.hasPrefix("{\"type\":\"summary\"") == true, "\(replay.standardOutput)")
        loop.unwatch(descriptor)
    }

    @Test func signalWhileWaitingForReadersRemovesTheDevice() throws {
        let (replay, node) = try startReplay([Self.recording("touchscreen-tap.evemu"), "--speed", "realtime", "--format", "summary"])
        defer { if replay.isRunning { replay.send(SIGKILL) } }
        replay.send(SIGINT)
        #expect(replay.wait(seconds: 10) == 0, "\(replay.standardError)")
        #expect(KernelGuest.wait(seconds: 2) { !FileManager.default.fileExists(atPath: node) })
        #expect(replay.standardError.contains("Stopped: removed \(node) after writing 0 frames."), "\(replay.standardError)")
    }
}
