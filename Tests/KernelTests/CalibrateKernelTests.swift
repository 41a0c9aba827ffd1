import ForceCore
import ForceDevices
import ForceRecording
import ForceTestSupport
import FoundationEssentials
import Glibc
import Testing

/// `forcebridge calibrate` on a live device in the real kernel: a scripted uinput pen (the
/// shipped worn-pen session played into uinput at its own pace) goes through the wizard and its
/// profile is written; a pen unplugged mid-wizard ends it with nothing written; keyboards are
/// refused before they are opened; `measure pressure` of a live touchscreen.
@Suite(.guestOnly, .serialized)
struct CalibrateKernelTests {
    static let penSession = KernelGuest.repositoryRoot.appendingPathComponent("recordings/calibrate-worn-pen.evemu").path

    /// `forcebridge replay FILE --to-uinput` at the recording's pace, started once the wizard
    /// opens the node; returns it with the node it announced.
    private func startPen(_ path: String, speed: String = "realtime") throws -> (ChildProcess, String) {
        let child = try ChildProcess(KernelGuest.forcebridge, [
            "replay", path, "--speed", speed, "--format", "summary", "--no-user-profile",
            "--to-uinput", "--wait-for-readers", "60", "--delay", "0.5", "--hold", "1",
        ])
        #expect(KernelGuest.wait(seconds: 60) { child.standardError.contains("Waiting up to") || !child.isRunning }, "\(child.standardError)")
        let node = try #require(child.standardError.split(separator: " ").first { $0.hasPrefix("/dev/input/event") }.map(String.init),
                                "no node announced: \(child.standardError)")
        return (child, node)
    }

    /// `forcebridge calibrate ARGUMENTS` with its configuration in `home`.
    private func calibrate(_ arguments: [String], home: URL) throws -> ChildProcess {
        var environment = ChildProcess.currentEnvironment
        environment["XDG_CONFIG_HOME"] = home.path
        return try ChildProcess(KernelGuest.forcebridge, ["calibrate"] + arguments, environment: environment)
    }

    @Test func scriptedPenGoesThroughTheWizardAndItsProfileIsWritten() throws {
        let home = try KernelGuest.scratchDirectory("calibrate-live")
        defer { try? FileManager.default.removeItem(at: home) }
        let (pen, node) = try startPen(Self.penSession)
        defer { if pen.isRunning { pen.send(SIGKILL) } }
        let wizard = try calibrate([node, "--yes"], home: home)
        #expect(wizard.wait(seconds: 180) == 0, "\(wizard.standardOutput)\n\(wizard.standardError)")
        #expect(pen.wait(seconds: 60) == 0, "\(pen.standardError)")

        let output = wizard.standardOutput
        #expect(output.hasPrefix("Calibrating \"Wacom Bamboo 2FG 4x5 Pen\" (tablet): pressure, ABS_PRESSURE 0-1023, from the device.\n"), "\(output)")
        #expect(output.contains("  Firm presses: accepted"))
        #expect(output.contains(" FORCEBRIDGE_RESTING_OFFSET=82\n"), "the pen rests at 8 % of its range: \(output)")
        let profiles = home.appendingPathComponent("forcebridge/profiles.json").path
        #expect(output.contains("Profile: \(profiles) (added as entry 1)"))
        let text = try String(contentsOfFile: profiles, encoding: .utf8)
        #expect(text.contains("\"name\": \"Wacom Bamboo 2FG 4x5 Pen\""))
        // The live session was recorded, and replays to the same calibration.
        let session = home.appendingPathComponent("forcebridge/calibrations/tablet-056a-00d1.evemu").path
        let replayed = try ChildProcess.run(KernelGuest.forcebridge, ["calibrate", "--replay", session, "--dry-run", "--hwdb"])
        #expect(replayed.status == 0, "\(replayed.error)")
        #expect(output.contains(replayed.output.split(separator: "\n").filter { $0.hasPrefix(" FORCEBRIDGE_") }.map { "  " + $0 }.joined(separator: "\n")))
    }

    @Test(.enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
    func fullScreenWizardOnALivePen() throws {
        let home = try KernelGuest.scratchDirectory("calibrate-tmux")
        defer { try? FileManager.default.removeItem(at: home) }
        // At half speed: a debug build drawing under emulation must still read every event.
        let (pen, node) = try startPen(Self.penSession, speed: "0.5")
        defer { if pen.isRunning { pen.send(SIGKILL) } }
        let tmux = try TmuxSession(command: "XDG_CONFIG_HOME='\(home.path)' '\(KernelGuest.forcebridge)' calibrate \(node); "
            + "echo \"exited $?\"; read line")
        let measuring = try tmux.waitForScreen(timeout: 120) { $0.contains("▶ Light taps") }
        #expect(measuring.contains("  ✓ Rest               level 82"), "\(measuring)")
        let question = try tmux.waitForScreen(timeout: 120) { $0.contains("Write the profile") }
        #expect(question.contains("  maximumPossibleForce                 4.17                    3.78  *\n"), "\(question)")
        try tmux.send("y")
        let after = try tmux.waitForScreen(timeout: 60) { $0.contains("exited") }
        #expect(after.hasSuffix("exited 0"), "\(after)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("forcebridge/profiles.json").path))
        #expect(pen.wait(seconds: 60) == 0)
    }

    @Test func penUnpluggedMidWizardEndsItWithNothingWritten() throws {
        let home = try KernelGuest.scratchDirectory("calibrate-unplug")
        defer { try? FileManager.default.removeItem(at: home) }
        // The session up to its ordinary presses: the device goes away before the wizard is done.
        let full = try String(contentsOfFile: Self.penSession, encoding: .utf8)
        let cut = full.split(separator: "\n", omittingEmptySubsequences: false).prefix { line in
            !(line.hasPrefix("E: 8.") || line.hasPrefix("E: 9."))
        }
        let partial = home.appendingPathComponent("partial.evemu").path
        try (cut.joined(separator: "\n") + "\n").write(toFile: partial, atomically: true, encoding: .utf8)
        let (pen, node) = try startPen(partial)
        defer { if pen.isRunning { pen.send(SIGKILL) } }
        let wizard = try calibrate([node, "--yes"], home: home.appendingPathComponent("config"))
        #expect(wizard.wait(seconds: 180) == 1, "\(wizard.standardOutput)\n\(wizard.standardError)")
        #expect(wizard.standardError == "forcebridge: not calibrated: the device went away during the calibration; nothing was written\n")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("config").path), "nothing was written")
        pen.wait(seconds: 30)
    }

    @Test func measurePressureOfALiveTouchscreen() throws {
        let path = KernelGuest.repositoryRoot.appendingPathComponent("recordings/calibrate-touchscreen.evemu").path
        let (screen, node) = try startPen(path)
        defer { if screen.isRunning { screen.send(SIGKILL) } }
        let measure = try ChildProcess(KernelGuest.forcebridge, ["measure", "pressure", node])
        #expect(measure.wait(seconds: 180) == 0, "\(measure.standardError)")
        let replayed = try ChildProcess.run(KernelGuest.forcebridge, ["measure", "pressure", "--replay", path])
        let lines = measure.standardOutput.split(separator: "\n")
        #expect(lines.first == "Measuring ABS_MT_PRESSURE (0-255) of \"ELAN9008:00 04F3:2C82\"; Ctrl-C stops.", "\(measure.standardOutput)")
        #expect(lines.dropFirst() == replayed.output.split(separator: "\n").dropFirst(), "the same touches and histogram as the recording")
        #expect(screen.wait(seconds: 60) == 0)
    }

    @Test func keyboardsAreRefused() throws {
        let keyboard = try VirtualDevice(description: TestDevices.keyboard(name: "ForceBridge Calibrate Keyboard"))
        defer { keyboard.destroy() }
        let node = try #require(keyboard.node)
        #expect(KernelGuest.wait(seconds: 10) { FileManager.default.fileExists(atPath: node) })
        let home = try KernelGuest.scratchDirectory("calibrate-keyboard")
        defer { try? FileManager.default.removeItem(at: home) }
        let wizard = try calibrate([node, "--yes"], home: home)
        #expect(wizard.wait(seconds: 60) != 0)
        #expect(wizard.standardError.contains("keyboard"), "\(wizard.standardError)")
        #expect(wizard.standardOutput.isEmpty)
    }
}
