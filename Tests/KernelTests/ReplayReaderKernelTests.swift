import ForceCore
import ForceDevices
import ForceSystem
import ForceTestSupport
import Glibc
import Testing

extension UdevKernelTests {
    /// `replay --to-uinput --wait-for-readers` with udev running: udev's own probe of the new
    /// node is not a reader, so the replay waits for a real one — here `libinput debug-events`
    /// (Debian's libinput-tools), started seconds after the node appeared — which then sees the
    /// whole session.
    @Suite struct ReplayReaders {
        @Test func aReaderStartedSecondsLaterSeesTheWholeSession() throws {
            let libinput = try #require(Subprocess.locate("libinput"), "libinput-tools is not installed (Scripts/install-deps.sh)")
            let recording = Repository.recording("stylus-commit.evemu")
            let replay = try ChildProcess(Repository.forcebridge, [
                // Once libinput holds the node, four seconds for it to get ready to read: it is slow
                // to start in the emulated guest (libwacom's lookup), slower still on a busy host.
                "replay", recording, "--to-uinput", "--wait-for-readers", "60", "--delay", "4", "--speed", "realtime",
                "--format", "summary", "--no-user-profile",
            ])
            defer { if replay.isRunning { replay.send(SIGKILL) } }
            #expect(waitUntil(seconds: 30) { replay.standardError.contains("Waiting up to") }, "\(replay.standardError)")
            let node = try #require(replay.standardError.split(separator: " ").first { $0.hasPrefix("/dev/input/event") }.map(String.init))

            // udev sees the node appear and probes it; the replay must go on waiting. (Asking
            // ForceBridge's discovery would open the node and make this test a reader.)
            let udevadm = try #require(Subprocess.locate("udevadm"))
            let settled = try ChildProcess.run(udevadm, ["settle", "--timeout=20"])
            #expect(settled.status == 0, "\(settled.output)\(settled.error)")
            let properties = try ChildProcess.run(udevadm, ["info", "--query=property", "--name=\(node)"])
            #expect(properties.output.contains("ID_INPUT_TABLET=1"), "udev never processed \(node): \(properties.output)")
            #expect(!waitUntil(seconds: 4) { !replay.isRunning }, "the replay stopped waiting: \(replay.standardError)")

            let reader = try ChildProcess(libinput, ["debug-events", "--device", node])
            defer { if reader.isRunning { reader.send(SIGKILL) } }
            #expect(replay.wait(seconds: 60) == 0, "\(replay.standardError)")
            #expect(replay.standardError.contains("Removed \(node) after writing 411 frames."), "\(replay.standardError)")
            // Ctrl-C ends libinput's tool cleanly: its buffered output is written out.
            reader.send(SIGINT)
            reader.wait(seconds: 30)

            // libinput saw the pen come into proximity, touch down, move with pressure, lift.
            let events = reader.standardOutput.split(separator: "\n")
            #expect(events.contains { $0.contains("TABLET_TOOL_PROXIMITY") }, "\(reader.standardOutput)\(reader.standardError)")
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
            #expect(replay.wait(seconds: 60) == 0, "\(replay.standardError)")
            #expect(replay.standardError.contains("no program opened"), "only udev opened it: \(replay.standardError)")
        }
    }
}
