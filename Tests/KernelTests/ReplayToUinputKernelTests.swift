import ForceSystem
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

    /// Reads `device` into `sink` until it goes away, releasing `replay` once it reads.
    private func readUntilRemoved(_ device: EvdevDevice, into sink: any InputEventSink, releasing replay: UinputReplay) throws -> Bool {
        let loop = try EventLoop()
        var removed = false
        let descriptor = try #require(device.fileDescriptor)
        try loop.watch(descriptor) {
            if device.drain(into: sink) != .drained {
                removed = true
                loop.stop()
            }
        }
        replay.release()
        try loop.run(until: MonotonicClock.now() + Int64(TestTimeout.seconds * 1_000_000))
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
        // Half a second between the reader's open and the first frame (`--delay`), exercised
        // here, not relied on: the replay is held until the reader reads.
        let uinput = try UinputReplay(path, ["--speed", "realtime", "--format", "summary", "--delay", "0.5"])
        let (replay, node) = (uinput.process, uinput.node)
        let device = try EvdevDevice(path: node)
        let live = PipelineLog(device: device.description)
        let timing = FrameTimingSink(forwardingTo: live.pipeline)
        let released = MonotonicClock.now()
        #expect(try readUntilRemoved(device, into: timing, releasing: uinput), "the device is removed after the replay")
        #expect(timing.resynchronizations == 0,
                "the kernel dropped events the test had not read (SYN_DROPPED): the guest was not run for a while")
        #expect((timing.frames.first?.kernelTime ?? 0) >= released + 500_000, "the first frame came before the --delay had passed")
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
        // The device stays (`--hold`) after the last frame until the signal: the replay is
        // still running when the test sends it, however late the test gets to it.
        let uinput = try UinputReplay(Self.recording("stylus-commit.evemu"),
                                      ["--speed", "realtime", "--format", "jsonl", "--hold", "\(Int(10 * TestTimeout.seconds))"])
        let (replay, node) = (uinput.process, uinput.node)
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
        uinput.release()
        try loop.run(until: MonotonicClock.now() + Int64(TestTimeout.seconds * 1_000_000))
        #expect(frames.frameCount >= 150, "the pen never landed")
        #expect(replay.isRunning, "the replay ended before the signal")
        let reached = live.lines.count
        replay.send(signal)
        #expect(replay.wait() == 0, "\(replay.standardError)")
        #expect(waitUntil { !FileManager.default.fileExists(atPath: node) }, "the node disappears")
        #expect(device.drain(into: live.pipeline) == .deviceLost)
        #expect(reached > 0, "frames arrived before the signal")
        #expect(replay.standardError.contains("Stopped: removed \(node) after writing"), "\(replay.standardError)")
        // The report ends as a cut-off replay does: a summary after the touches so far.
        #expect(replay.lines.last?.hasPrefix("{\"type\":\"summary\"") == true, "\(replay.standardOutput)")
        loop.unwatch(descriptor)
    }

    @Test func signalWhileWaitingForReadersRemovesTheDevice() throws {
        let uinput = try UinputReplay(Self.recording("touchscreen-tap.evemu"), ["--speed", "realtime", "--format", "summary"])
        let (replay, node) = (uinput.process, uinput.node)
        // The signal waits for the replay to continue: it arrives while it waits for readers.
        replay.send(SIGINT)
        uinput.release()
        #expect(replay.wait() == 0, "\(replay.standardError)")
        #expect(waitUntil { !FileManager.default.fileExists(atPath: node) })
        #expect(replay.standardError.contains("Stopped: removed \(node) after writing 0 frames."), "\(replay.standardError)")
    }
}
