import ForceCore
import ForceDevices
import ForceSystem
import ForceTestSupport
import Glibc
import Testing

/// `forcebridge monitor` on a live touchscreen without pressure or contact size (uinput, real
/// kernel): a finger held still previews and commits by duration alone (Haptic Touch), the
/// loop's timer moving it on while the device sends nothing; a finger that moves beyond the slop
/// before the begin delay is a drag and begins nothing. The same through `replay --to-uinput`. On
/// a touchscreen whose force is estimated from contact size, a finger held still commits the same
/// way, its contact far below an average touch.
@Suite(.guestOnly, .serialized)
struct HapticTouchMonitorKernelTests {
    private static let name = "ForceBridge Haptic Touch Screen"

    /// Starts `monitor NODE --format jsonl` and waits for its device line (generously: a loaded
    /// guest without KVM may take many seconds to start a program).
    private func monitor(_ node: String, _ extra: [String] = []) throws -> ChildProcess {
        let monitor = try ChildProcess(KernelGuest.forcebridge, ["monitor", node, "--format", "jsonl", "--no-user-profile"] + extra)
        #expect(waitUntil { monitor.lines.contains { $0.hasPrefix("{\"type\":\"device\"") } }, "\(monitor.standardError)")
        return monitor
    }

    /// The interaction events (`shouldBegin`, `preview`, `commit`, `cancel`) and touch phases, in order.
    private func story(_ lines: [String]) -> [String] {
        lines.compactMap { line in
            if line.hasPrefix("{\"type\":\"interaction\"") {
                let ended = line.hasSuffix("\"ended\":true}") ? " ended" : ""
                for event in ["shouldBegin", "preview", "commit", "cancel"] where line.contains("\"event\":\"\(event)\"") { return event + ended }
            }
            if line.hasPrefix("{\"type\":\"touch\"") {
                for phase in ["began", "ended", "cancelled"] where line.contains("\"phase\":\"\(phase)\"") { return "touch " + phase }
            }
            return nil
        }
    }

    private func frame(_ x: Int32, _ y: Int32, trackingID: Int32? = nil, contact: (major: Int32, minor: Int32)? = nil) -> [InputEvent] {
        var events = [InputEvent(time: 0, type: .abs, code: AbsCode.mtSlot, value: 0)]
        if let trackingID {
            events.append(InputEvent(time: 0, type: .abs, code: AbsCode.mtTrackingID, value: trackingID))
            events.append(InputEvent(time: 0, type: .key, code: KeyCode.touch, value: 1))
        }
        events.append(InputEvent(time: 0, type: .abs, code: AbsCode.mtPositionX, value: x))
        events.append(InputEvent(time: 0, type: .abs, code: AbsCode.mtPositionY, value: y))
        if let contact {
            events.append(InputEvent(time: 0, type: .abs, code: AbsCode.mtTouchMajor, value: contact.major))
            events.append(InputEvent(time: 0, type: .abs, code: AbsCode.mtTouchMinor, value: contact.minor))
        }
        events.append(.report(at: 0))
        return events
    }

    private let lift: [InputEvent] = [
        InputEvent(time: 0, type: .abs, code: AbsCode.mtTrackingID, value: -1),
        InputEvent(time: 0, type: .key, code: KeyCode.touch, value: 0),
        .report(at: 0),
    ]

    /// A new touchscreen (by default without force) watched by `monitor`, whose device line says
    /// `forceSource`: `body` touches it and lifts, then the monitor stops; its lines.
    private func monitoredScreen(
        _ description: DeviceDescription = TestDevices.touchscreenWithoutForce(name: Self.name), forceSource: String = "duration",
        _ body: (VirtualDevice, ChildProcess) throws -> Void
    ) throws -> [String] {
        let device = try VirtualDevice(description: description)
        defer { device.destroy() }
        let node = try #require(device.node)
        #expect(waitUntil { FileSystem.item(at: node) != .missing })
        let monitor = try monitor(node)
        defer { if monitor.isRunning { monitor.send(SIGKILL) } }
        #expect(monitor.lines.first?.hasSuffix(",\"forceSource\":\"\(forceSource)\"}") == true, "\(monitor.lines)")
        try body(device, monitor)
        #expect(waitUntil { story(monitor.lines).contains("touch ended") }, "\(monitor.standardOutput)")
        monitor.send(SIGINT)
        #expect(monitor.wait() == 0, "\(monitor.standardError)")
        return monitor.lines
    }

    @Test func aFingerHeldStillPreviewsAndCommitsWhileItSendsNothing() throws {
        let lines = try monitoredScreen { device, monitor in
            try device.write(contentsOf: frame(1200, 900, trackingID: 5))
            // Nothing more until the pop has been reported: only the monitor's timer can get it there.
            #expect(waitUntil { story(monitor.lines).contains("commit ended") }, "\(monitor.standardOutput)")
            try device.write(contentsOf: lift)
        }
        let milestones = story(lines).filter { $0 != "preview" && $0 != "commit" }
        #expect(milestones == ["touch began", "shouldBegin", "preview ended", "commit ended", "touch ended"], "\(lines)")
        let touches = lines.filter { $0.hasPrefix("{\"type\":\"touch\"") }
        #expect(touches.count == 2 && touches.allSatisfy { $0.hasSuffix(",\"forceSource\":\"duration\"}") })
        #expect(lines.last?.hasSuffix("\"previewsEnded\":1,\"commits\":1,\"cancels\":0}") == true, "\(lines.last ?? "")")
    }

    @Test func aFingerHeldStillOnAContactSizeScreenCommitsByTheHapticTouchTiming() throws {
        // A 3M MicroTouch (0596:0506) as hid-multitouch presents it: contact size, no pressure. A
        // finger's contact (232 of 0–32767) is far below an average touch (4915), so only holding
        // still gets it to the pop.
        let screen = TestDevices.microTouch3M(name: "ForceBridge Haptic Touch 3M Screen")
        let lines = try monitoredScreen(screen, forceSource: "contactSize") { device, monitor in
            try device.write(contentsOf: frame(16000, 9000, trackingID: 5, contact: TestDevices.microTouch3MFinger))
            #expect(waitUntil { story(monitor.lines).contains("commit ended") }, "\(monitor.standardOutput)")
            try device.write(contentsOf: lift)
        }
        let milestones = story(lines).filter { $0 != "preview" && $0 != "commit" }
        #expect(milestones == ["touch began", "shouldBegin", "preview ended", "commit ended", "touch ended"], "\(lines)")
        let touches = lines.filter { $0.hasPrefix("{\"type\":\"touch\"") }
        #expect(touches.count == 2 && touches.allSatisfy { $0.hasSuffix(",\"forceSource\":\"contactSize\"}") }, "\(touches)")
        #expect(lines.last?.hasSuffix("\"previewsEnded\":1,\"commits\":1,\"cancels\":0}") == true, "\(lines.last ?? "")")
    }

    @Test func aFingerThatMovesBeyondTheSlopFirstIsADragAndBeginsNothing() throws {
        let lines = try monitoredScreen { device, _ in
            // 13 units per millimetre: the 1.6 mm slop is 20.8 units; the finger moves 60 at once
            // (both frames in one write: the kernel stamps them together, well within the 0.15 s
            // begin delay, however late the test runs), then rests at least as long as a held
            // press takes to commit (pacing the input: resting longer changes nothing).
            try device.write(contentsOf: frame(1200, 900, trackingID: 6) + frame(1260, 900))
            usleep(1_300_000)
            try device.write(contentsOf: lift)
        }
        #expect(story(lines) == ["touch began", "touch ended"], "\(lines)")
        #expect(lines.last?.hasSuffix("\"previewsEnded\":0,\"commits\":0,\"cancels\":0}") == true, "\(lines.last ?? "")")
    }

    @Test func theNoPressureRecordingReplayedIntoTheKernelPreviewsAndCommitsTheHeldPressOnly() throws {
        let recording = KernelGuest.repositoryRoot.appendingPathComponent("recordings/no-pressure.evemu").path
        let uinput = try UinputReplay(recording, ["--speed", "realtime", "--format", "summary"])
        let replay = uinput.process
        // The replay is held until the monitor's session reads the device (its device line):
        // discovery opens the node before the session does.
        let monitor = try monitor(uinput.node)
        defer { if monitor.isRunning { monitor.send(SIGKILL) } }
        uinput.release()
        #expect(replay.wait() == 0, "\(replay.standardError)")
        #expect(waitUntil { monitor.lines.contains { $0.hasPrefix("{\"type\":\"summary\"") } }, "\(monitor.standardOutput)")
        monitor.send(SIGINT)
        _ = monitor.wait()

        // The held press previews and commits by duration; the swipe that follows begins nothing.
        let milestones = story(monitor.lines).filter { $0 != "preview" && $0 != "commit" }
        #expect(milestones == ["touch began", "shouldBegin", "preview ended", "commit ended", "touch ended", "touch began", "touch ended"],
                "\(monitor.standardOutput)")
        #expect(replay.standardOutput == "{\"type\":\"summary\",\"events\":171,\"frames\":48,\"touches\":2,\"peakNormalizedForce\":0,"
                + "\"previewsEnded\":1,\"commits\":1,\"cancels\":0}\n")
    }
}
