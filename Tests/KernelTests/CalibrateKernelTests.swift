import ForceCore
import ForceDevices
import ForceRecording
import ForceTestSupport
import FoundationEssentials
import Glibc
import Testing

/// `forcebridge calibrate` on a live device in the real kernel: a scripted uinput pen (the
/// shipped worn-pen session, each press played at its recorded pace once the wizard asks for it)
/// goes through the wizard and its profile is written; a pen unplugged mid-wizard ends it with
/// nothing written; keyboards are refused before they are opened; `measure pressure` of a live
/// touchscreen.
@Suite(.guestOnly, .serialized)
struct CalibrateKernelTests {
    static let penSession = KernelGuest.repositoryRoot.appendingPathComponent("recordings/calibrate-worn-pen.evemu").path

    /// `forcebridge replay FILE --to-uinput` at the recording's pace, held until the program
    /// under test is ready to read its node. With `keepingTheDevice`, the device stays after the
    /// last frame until the test stops the replay (SIGINT): a reader never loses the last events
    /// to the device going away.
    private func startPen(_ path: String, keepingTheDevice: Bool = true) throws -> UinputReplay {
        try UinputReplay(path, ["--speed", "realtime", "--format", "summary"]
            + (keepingTheDevice ? ["--hold", "\(Int(10 * TestTimeout.seconds))"] : []))
    }

    /// Waits until the headless wizard is at its first step (it has opened the device and now
    /// reads it), then lets `pen` play.
    private func release(_ pen: UinputReplay, whenReady wizard: ChildProcess) {
        #expect(waitUntil { wizard.standardOutput.contains("Step 1 of 4") || !wizard.isRunning }, "\(wizard.standardError)")
        pen.release()
    }

    /// Ends a replay that keeps its device (SIGINT): the device goes away, the replay ends well.
    private func stop(_ pen: UinputReplay) {
        pen.process.send(SIGINT)
        #expect(pen.process.wait() == 0, "\(pen.process.standardError)")
        #expect(pen.process.standardError.contains("Stopped: removed \(pen.node) after writing"), "\(pen.process.standardError)")
    }

    /// `forcebridge calibrate ARGUMENTS` with its configuration in `home`.
    private func calibrate(_ arguments: [String], home: URL) throws -> ChildProcess {
        var environment = ChildProcess.currentEnvironment
        environment["XDG_CONFIG_HOME"] = home.path
        return try ChildProcess(KernelGuest.forcebridge, ["calibrate"] + arguments, environment: environment)
    }

    /// The press steps of the pen's wizard, in order, with the presses each asks for.
    static let pressSteps = ["Light taps", "Ordinary presses", "Firm presses"]
    static let pressesPerStep = 5

    /// Plays `pen` to a wizard step by step: the rest once it shows step 1, each press step's
    /// presses once it shows that step (`Step 2 of 4: Light taps. …`), each press once it
    /// counted the one before (`Light taps: press 2 counted …`; the last one, or the proposal
    /// that follows it). `shown(condition)` waits until what the wizard shows (its output, or its
    /// screen) meets `condition` or the wizard ended, and returns it. A press not counted or a
    /// step repeated ends the waiting, and the test fails there. Returns what was shown at each
    /// step's prompt.
    @discardableResult
    private func guide(_ pen: ScriptedPen, shown: ((String) -> Bool) throws -> String) throws -> [String] {
        try #require(pen.presses.count == Self.pressSteps.count * Self.pressesPerStep, "the presses found in \(Self.penSession)")
        // The full screen turns to the proposal at once when the last press is counted.
        let proposal = "Proposed calibration ("
        func wait(for text: String, orTheProposal: Bool = false) throws -> String {
            let last = try shown {
                $0.contains(text) || $0.contains("not counted") || $0.contains("repeat:") || (orTheProposal && $0.contains(proposal))
            }
            try #require(last.contains(text) || (orTheProposal && last.contains(proposal)), "waiting for \"\(text)\":\n\(last)")
            return last
        }
        var prompts = [try wait(for: "Step 1 of 4: Rest.")]
        try pen.play(pen.rest)
        for (index, title) in Self.pressSteps.enumerated() {
            prompts.append(try wait(for: "Step \(index + 2) of 4: \(title)."))
            for number in 1...Self.pressesPerStep {
                let press = pen.presses[index * Self.pressesPerStep + number - 1]
                try pen.play(press)
                let isLast = index == Self.pressSteps.count - 1 && number == Self.pressesPerStep
                _ = try wait(for: "\(title): press \(number) counted", orTheProposal: isLast)
            }
        }
        return prompts
    }

    @Test func scriptedPenGoesThroughTheWizardAndItsProfileIsWritten() throws {
        let home = try KernelGuest.scratchDirectory("calibrate-live")
        defer { try? FileManager.default.removeItem(at: home) }
        let pen = try ScriptedPen(Self.penSession)
        defer { pen.destroy() }
        #expect(waitUntil { FileManager.default.fileExists(atPath: pen.node) })
        let wizard = try calibrate([pen.node, "--yes"], home: home)
        try guide(pen) { condition in
            _ = waitUntil { condition(wizard.standardOutput) || !wizard.isRunning }
            return wizard.standardOutput
        }
        #expect(wizard.wait() == 0, "\(wizard.standardOutput)\n\(wizard.standardError)")

        let output = wizard.standardOutput
        #expect(output.hasPrefix("Calibrating \"Wacom Bamboo 2FG 4x5 Pen\" (tablet): pressure, ABS_PRESSURE 0-1023, from the device.\n"), "\(output)")
        #expect(!output.contains("not counted") && !output.contains("repeat:"), "\(output)")
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
        let pen = try ScriptedPen(Self.penSession, pace: 0.5)
        defer { pen.destroy() }
        #expect(waitUntil { FileManager.default.fileExists(atPath: pen.node) })
        let tmux = try TmuxSession(command: "XDG_CONFIG_HOME='\(home.path)' '\(KernelGuest.forcebridge)' calibrate \(pen.node); "
            + "echo \"exited $?\"; read line")
        // The wizard's first screen: it has the device open and reads it.
        let first = try tmux.waitForScreen { $0.contains("▶ Rest") || $0.contains("exited") }
        #expect(first.contains("▶ Rest"), "\(first)")
        let prompts = try guide(pen) { condition in
            try tmux.waitForScreen { condition($0) || $0.contains("exited") }
        }
        let measuring = prompts[1]
        #expect(measuring.contains("▶ Light taps"), "\(measuring)")
        #expect(measuring.contains("  ✓ Rest               level 82"), "\(measuring)")
        let question = try tmux.waitForScreen { $0.contains("Write the profile") || $0.contains("exited") }
        #expect(question.contains("  maximumPossibleForce                 4.17                    3.78  *\n"), "\(question)")
        try tmux.send("y")
        let after = try tmux.waitForScreen { $0.contains("exited") }
        #expect(after.hasSuffix("exited 0"), "\(after)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("forcebridge/profiles.json").path))
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
        // The device goes away after the last frame (the replay's own short hold): whatever the
        // wizard had read by then, it is not done.
        let pen = try startPen(partial, keepingTheDevice: false)
        let wizard = try calibrate([pen.node, "--yes"], home: home.appendingPathComponent("config"))
        release(pen, whenReady: wizard)
        #expect(wizard.wait(seconds: TestTimeout.seconds(after: 8)) == 1, "\(wizard.standardOutput)\n\(wizard.standardError)")
        #expect(wizard.standardError == "forcebridge: not calibrated: the device went away during the calibration; nothing was written\n")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("config").path), "nothing was written")
        #expect(pen.process.wait() == 0, "\(pen.process.standardError)")
    }

    @Test func measurePressureOfALiveTouchscreen() throws {
        let path = KernelGuest.repositoryRoot.appendingPathComponent("recordings/calibrate-touchscreen.evemu").path
        let replayed = try ChildProcess.run(KernelGuest.forcebridge, ["measure", "pressure", "--replay", path])
        let lastTouch = try #require(replayed.output.split(separator: "\n").last { $0.hasPrefix("touch ") }.map(String.init))
        let screen = try startPen(path)
        let measure = try ChildProcess(KernelGuest.forcebridge, ["measure", "pressure", screen.node])
        // It prints its first line once it has the device open, then a line per touch as it ends.
        #expect(waitUntil { measure.standardOutput.contains("\n") || !measure.isRunning }, "\(measure.standardError)")
        screen.release()
        #expect(waitUntil(seconds: TestTimeout.seconds(after: 16)) { measure.lines.contains(lastTouch) || !measure.isRunning },
                "\(measure.standardOutput)")
        // The device goes away: the measurement ends with its histogram.
        stop(screen)
        #expect(measure.wait() == 0, "\(measure.standardError)")
        let lines = measure.standardOutput.split(separator: "\n")
        #expect(lines.first == "Measuring ABS_MT_PRESSURE (0-255) of \"ELAN9008:00 04F3:2C82\"; Ctrl-C stops.", "\(measure.standardOutput)")
        #expect(lines.dropFirst() == replayed.output.split(separator: "\n").dropFirst(), "the same touches and histogram as the recording")
    }

    @Test func keyboardsAreRefused() throws {
        let keyboard = try VirtualDevice(description: TestDevices.keyboard(name: "ForceBridge Calibrate Keyboard"))
        defer { keyboard.destroy() }
        let node = try #require(keyboard.node)
        #expect(waitUntil { FileManager.default.fileExists(atPath: node) })
        let home = try KernelGuest.scratchDirectory("calibrate-keyboard")
        defer { try? FileManager.default.removeItem(at: home) }
        let wizard = try calibrate([node, "--yes"], home: home)
        #expect(wizard.wait() != 0)
        #expect(wizard.standardError.contains("keyboard"), "\(wizard.standardError)")
        #expect(wizard.standardOutput.isEmpty)
    }
}
