import ForceTestSupport
import Testing

/// The full-screen calibration wizard on a real terminal (tmux), driven by the shipped
/// touchscreen session at twice its speed: the steps while measuring, the proposal and the
/// question, and what y, n and q do.
@Suite("calibrate on a terminal (tmux)", .serialized, .enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
struct CalibrateWizardTerminalTests {
    /// The wizard on the touchscreen session, with its configuration in `home`, in a window tall
    /// enough to keep the report printed after it.
    private func wizard(home: TemporaryDirectory, speed: String = "2") throws -> TmuxSession {
        let command = "cd '\(Repository.root)' && XDG_CONFIG_HOME='\(home.path("config"))' '\(Repository.forcebridge)' calibrate "
            + "--replay recordings/calibrate-touchscreen.evemu --speed \(speed); echo \"exited $?\"; read line"
        return try TmuxSession(command: command, width: 100, height: 60)
    }

    @Test func showsTheStepsThenTheProposalAndWritesOnY() throws {
        let home = try TemporaryDirectory()
        let tmux = try wizard(home: home)

        let measuring = try tmux.waitForScreen { $0.contains("▶ Ordinary presses") && $0.contains("ABS_MT_PRESSURE █") }
        #expect(measuring.hasPrefix(" ForceBridge calibrate — ELAN9008:00 04F3:2C82\n"
            + " \"ELAN9008:00 04F3:2C82\" (touchscreen): pressure, ABS_MT_PRESSURE 0-255\n"), "\(measuring)")
        #expect(measuring.contains("  ✓ Light taps         level 20\n"))
        #expect(measuring.contains("Press 5 times as you would press a button, holding each press a moment."))
                #expect(measuring.contains("Light taps: repeat: the presses ranged from 10 to 50"), "the repeated step is explained")
        #expect(measuring.hasSuffix(" r repeat this step   q quit"))

        let question = try tmux.waitForScreen { $0.contains("Write the profile") }
        #expect(question.contains("  average touch (force 1.0)            38                  40  *\n"), "\(question)")
        #expect(question.contains("  maximumPossibleForce                 6.67                6.38  *\n"))
        #expect(question.hasSuffix(" y write   n leave everything as it was"))
        #expect(home.read("config/forcebridge/profiles.json") == nil, "nothing is written before the answer")

        try tmux.send("y")
        let after = try tmux.waitForScreen { $0.contains("exited") }
        #expect(after.contains("Profile: \(home.path("config/forcebridge/profiles.json")) (added as entry 1)"), "\(after)")
        #expect(after.contains("  AttrPressureRange=10:7"))
        #expect(after.hasSuffix("exited 0"))
        #expect(home.read("config/forcebridge/profiles.json")?.contains("\"averagePressure\": 40") == true)
        #expect(home.names(in: "config/forcebridge/calibrations") == ["touchscreen-04f3-2c82.evemu", "touchscreen-04f3-2c82.hwdb"])
    }

    @Test func nWritesNothing() throws {
        let home = try TemporaryDirectory()
        let tmux = try wizard(home: home, speed: "8")
        _ = try tmux.waitForScreen { $0.contains("Write the profile") }
        try tmux.send("n")
        let after = try tmux.waitForScreen { $0.contains("exited") }
        #expect(after.contains("Nothing was written (declined)."), "\(after)")
        #expect(after.hasSuffix("exited 0"))
        #expect(home.names(in: "config").isEmpty)
    }

    @Test func rRepeatsTheStepAndQStopsWithNothingWritten() throws {
        let home = try TemporaryDirectory()
        let tmux = try wizard(home: home)
        _ = try tmux.waitForScreen { $0.contains("▶ Light taps") }
        try tmux.send("r")
        let repeated = try tmux.waitForScreen { $0.contains("repeating light taps (r)") }
        #expect(repeated.contains("repeating light taps (r)"), "\(repeated)")
        try tmux.send("q")
        let after = try tmux.waitForScreen { $0.contains("exited") }
        #expect(after.hasSuffix("forcebridge: not calibrated: quit before the calibration was complete; nothing was written\nexited 1"), "\(after)")
        #expect(home.names(in: "config").isEmpty)
    }
}
