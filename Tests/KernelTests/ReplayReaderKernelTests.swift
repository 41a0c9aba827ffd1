import ForceCore
import ForceDevices
import ForceSystem
import ForceTestSupport
import Glibc
import Testing

extension UdevKernelTests {
    /// `replay --to-uinput --wait-for-readers` with udev running: udev's own probe of the new
    /// node is not a reader, so the replay waits for a real one — here `libinput debug-events`
    /// (Debian's libinput-tools), started after udev is done — which then sees the whole session.
    @Suite struct ReplayReaders {
        @Test func aReaderStartedSecondsLaterSeesTheWholeSession() throws {
            let libinput = try #require(Subprocess.locate("libinput"), "libinput-tools is not installed (Scripts/install-deps.sh)")
            let stdbuf = try #require(Subprocess.locate("stdbuf"))
            // jsonl: a paced replay prints each frame's lines once the frame is in the device.
            let uinput = try UinputReplay(Repository.recording("stylus-commit.evemu"), ["--speed", "realtime", "--format", "jsonl"], held: false)
            let (replay, node) = (uinput.process, uinput.node)

            // udev sees the node appear and probes it; the replay must go on waiting. (Asking
            // ForceBridge's discovery would open the node and make this test a reader.)
            let udevadm = try #require(Subprocess.locate("udevadm"))
            let settled = try ChildProcess.run(udevadm, UdevGuest.settleArguments, seconds: TestTimeout.seconds(after: TestTimeout.seconds))
            #expect(settled.status == 0, "\(settled.output)\(settled.error)")
            let properties = try ChildProcess.run(udevadm, ["info", "--query=property", "--name=\(node)"])
            #expect(properties.output.contains("ID_INPUT_TABLET=1"), "udev never processed \(node): \(properties.output)")
            // Held from here until libinput reads, the replay has written nothing (it prints a
            // frame's lines once the frame is in the device): it took nobody for a reader.
            uinput.hold()
            #expect(replay.isRunning && replay.lines.allSatisfy { $0.hasPrefix("{\"type\":\"device\"") },
                    "the replay stopped waiting: \(replay.standardOutput)\(replay.standardError)")

            // libinput's tool, its output a line at a time: DEVICE_ADDED says it has the device
            // set up and reads it.
            let reader = try ChildProcess(stdbuf, ["-oL", libinput, "debug-events", "--device", node])
            defer { if reader.isRunning { reader.send(SIGKILL) } }
            #expect(waitUntil { reader.standardOutput.contains("DEVICE_ADDED") || !reader.isRunning }, "\(reader.standardError)")
            uinput.release()
            #expect(replay.wait() == 0, "\(replay.standardError)")
            #expect(replay.standardError.contains("Removed \(node) after writing 411 frames."), "\(replay.standardError)")
            // Ctrl-C ends libinput's tool cleanly.
            reader.send(SIGINT)
            reader.wait()

            // libinput saw the pen come into proximity (the session's first event), touch down,
            // move with pressure, lift.
            let events = reader.standardOutput.split(separator: "\n").filter { $0.contains("TABLET_TOOL_") }
            #expect(events.first?.contains("TABLET_TOOL_PROXIMITY") == true && events.first?.contains("proximity-in") == true,
                    "\(reader.standardOutput)\(reader.standardError)")
            #expect(events.filter { $0.contains("TABLET_TOOL_TIP") }.count == 2, "down and up: \(reader.standardOutput)")
            #expect(events.filter { $0.contains("TABLET_TOOL_AXIS") }.count > 50, "the pen moving with pressure in between")
        }

        @Test func udevAloneIsNoReader() throws {
            // Nothing but udev opens the new node: the wait runs its full time.
            let replay = try ChildProcess(Repository.forcebridge, [
                "replay", Repository.recording("touchscreen-tap.evemu"), "--to-uinput", "--wait-for-readers", "3",
                "--format", "summary", "--no-user-profile",
            ])
            defer { if replay.isRunning { replay.send(SIGKILL) } }
            #expect(replay.wait() == 0, "\(replay.standardError)")
            #expect(replay.standardError.contains("no program opened"), "only udev opened it: \(replay.standardError)")
        }
    }
}
