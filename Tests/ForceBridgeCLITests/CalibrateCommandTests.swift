import ForceBridgeCLI
import ForceCalibrationKit
import ForceCore
import ForceDevices
import ForceRecording
import ForceSession
import ForceSettings
import ForceSystem
import ForceTestSupport
import FoundationEssentials
import Testing

/// `calibrate --replay` and `measure pressure` on the shipped calibration sessions, in-process
/// and through the binary: the known answers, the files written (profile merged with a backup,
/// session recording, hwdb entry), and the written profile changing a replay.
@Suite("calibrate and measure commands", .serialized)
struct CalibrateCommandTests {
    static let pen = "recordings/calibrate-worn-pen.evemu"
    static let screen = "recordings/calibrate-touchscreen.evemu"

    /// Runs the binary from the repository's root with `XDG_CONFIG_HOME` in `home`.
    private func program(_ arguments: [String], home: TemporaryDirectory) throws -> (status: Int32, output: String, error: String) {
        var environment = ChildProcess.currentEnvironment
        environment["XDG_CONFIG_HOME"] = home.path("config")
        let child = try ChildProcess(Repository.forcebridge, arguments, environment: environment, workingDirectory: Repository.root)
        let status = child.wait(seconds: 40)
        return (status, child.standardOutput, child.standardError)
    }

    /// The library's answer for a recording: the calibration attached to a session replaying it.
    private func libraryResult(_ path: String) throws -> CalibrationResult {
        let source = try RecordingSource(path: Repository.root + "/" + path)
        let calibration = CalibrationSession(device: source.device)
        let session = Session(source: source, pipeline: calibration.makePipeline())
        session.attach(calibration)
        try session.run()
        return try #require(calibration.result)
    }

    @Test func inProcessAsTheProgram() throws {
        let check = InProcessCommandTests()
        for path in [Self.pen, Self.screen] {
            try check.expectSameAsTheProgram(["calibrate", "--replay", path, "--dry-run", "--headless"])
            try check.expectSameAsTheProgram(["calibrate", "--replay", path, "--dry-run", "--hwdb"])
            try check.expectSameAsTheProgram(["measure", "pressure", "--replay", path])
        }
        // Refusals and unfinished sessions.
        try check.expectSameAsTheProgram(["calibrate", "--replay", "recordings/no-pressure.evemu", "--dry-run"])
        try check.expectSameAsTheProgram(["calibrate", "--replay", "recordings/stylus-commit.evemu", "--dry-run"])
        try check.expectSameAsTheProgram(["measure", "pressure", "--replay", "recordings/no-pressure.evemu"])
        try check.expectSameAsTheProgram(["calibrate", "--replay", Self.pen, "--install", "--dry-run"])
    }

    @Test func replayRecoversTheKnownCalibrations() throws {
        let pen = ForceBridgeCLI.runCapturing(["calibrate", "--replay", Self.pen, "--dry-run", "--headless"])
        #expect(pen.status == 0, "\(pen.error)")
        #expect(pen.output.contains("  resting offset                       0 (learned from there)  82 (learned from there)  *"))
        // The standard pen counts from its tip-up level, 10: 10 + 0.24 × 1013.
        #expect(pen.output.contains("  average touch (force 1.0)            253                     331  *"))
        // Without an offset, down at 5 % and up at 1 % of the range; with the proposed offset 82,
        // up at it and down 41 above it (libinput's reading of a tablet).
        #expect(pen.output.contains("  tip down / up (above offset)         51 / 10                 41 / 0  *"))
        #expect(pen.output.contains("  maximumPossibleForce                 4.17                    3.78  *"))
        #expect(pen.output.contains(" FORCEBRIDGE_RESTING_OFFSET=82\n"))
        #expect(pen.output.contains("libinput quirk: none (libinput has no pressure quirk for tablets"))
        #expect(pen.output.contains("Nothing was written (--dry-run)."))

        let screen = ForceBridgeCLI.runCapturing(["calibrate", "--replay", Self.screen, "--dry-run", "--headless"])
        #expect(screen.status == 0, "\(screen.error)")
        #expect(screen.output.contains("  Light taps: repeat: the presses ranged from 10 to 50; press the same way each time\n"
            + "Step 1 of 3: Light taps."), "the first light taps vary too much and are repeated")
        #expect(screen.output.contains("  average touch (force 1.0)            38                  40  *"))
        #expect(screen.output.contains("  maximumPossibleForce                 6.67                6.38  *"))
        #expect(screen.output.contains("  AttrPressureRange=10:7\n"))
        #expect(screen.output.contains("[ForceBridge calibration 04F3:2C82 ELAN9008:00 04F3:2C82]"))

        // --hwdb: standard output is the entry alone, as the library makes it.
        let hwdb = ForceBridgeCLI.runCapturing(["calibrate", "--replay", Self.screen, "--dry-run", "--hwdb"])
        #expect(hwdb.status == 0)
        #expect(hwdb.output == HardwareDatabaseEntry(result: try libraryResult(Self.screen)).text)
        #expect(hwdb.error.contains("Proposed calibration"))
    }

    @Test func refusalsAndUnfinishedSessionsFailClearly() {
        let none = ForceBridgeCLI.runCapturing(["calibrate", "--replay", "recordings/no-pressure.evemu", "--yes"])
        #expect(none.status == 1)
        #expect(none.error == "forcebridge: cannot calibrate: \"silead_ts\" reports neither pressure nor contact size: force comes from "
            + "how long a touch is held (Haptic Touch), and the touch duration is a preference, not a measurement\n")
        let unfinished = ForceBridgeCLI.runCapturing(["calibrate", "--replay", "recordings/stylus-commit.evemu", "--yes"])
        #expect(unfinished.status == 1)
        #expect(unfinished.error.hasPrefix("forcebridge: not calibrated: the input ended before the calibration was complete (missing: "))
        #expect(!unfinished.output.contains("Profile:"), "nothing was written")
        let missing = ForceBridgeCLI.runCapturing(["calibrate", "--replay", "recordings/missing.evemu"])
        #expect(missing.status == 1)
        #expect(missing.error.contains("recordings/missing.evemu"))
    }

    @Test func measurePressureShowsEachTouchAndTheHistogram() {
        let result = ForceBridgeCLI.runCapturing(["measure", "pressure", "--replay", Self.screen, "--buckets", "5"])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "Measuring ABS_MT_PRESSURE (0-255) of \"ELAN9008:00 04F3:2C82\".")
        #expect(lines.filter { $0.hasPrefix("touch ") }.count == 20)
        #expect(lines.contains("20 touches, 510 samples of ABS_MT_PRESSURE (0-255):"))
        let buckets = lines.suffix(5)
        #expect(buckets.count == 5 && buckets.allSatisfy { $0.hasPrefix("  ") })
        let counts = buckets.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
        #expect(counts.reduce(0, +) == 510)
        #expect(buckets.first?.hasPrefix("  0-51 ") == true)
    }

    @Test func writesMergesAndKeepsBackups() throws {
        let home = try TemporaryDirectory()
        let profiles = home.path("config/forcebridge/profiles.json")

        // The pen: profile, session recording and hwdb entry; no backups yet.
        let first = try program(["calibrate", "--replay", Self.pen, "--yes"], home: home)
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output.contains("Profile: \(profiles) (added as entry 1)\n"))
        let sessionPath = home.path("config/forcebridge/calibrations/tablet-056a-00d1.evemu")
        #expect(home.names(in: "config/forcebridge/calibrations") == ["tablet-056a-00d1.evemu", "tablet-056a-00d1.hwdb"])
        #expect(home.read("config/forcebridge/calibrations/tablet-056a-00d1.hwdb") == HardwareDatabaseEntry(result: try libraryResult(Self.pen)).text)
        let afterPen = try #require(home.read("config/forcebridge/profiles.json"))

        // The touchscreen joins it; the pen's file is kept as .bak.
        let second = try program(["calibrate", "--replay", Self.screen, "--yes"], home: home)
        #expect(second.status == 0, "\(second.error)")
        #expect(second.output.contains("Profile: \(profiles) (added as entry 2)\n  previous profile file kept as \(profiles).bak\n"))
        #expect(home.read("config/forcebridge/profiles.json.bak") == afterPen)

        // The pen again: its entry is updated, the screen's kept; the session's previous recording kept.
        let third = try program(["calibrate", "--replay", Self.pen, "--yes"], home: home)
        #expect(third.status == 0, "\(third.error)")
        #expect(third.output.contains("(entry 1 updated, the other entries kept)"))
        #expect(third.output.contains("  previous recording kept as \(sessionPath).bak\n"))
        let stored = try ProfileStore.parse(Data(try #require(home.read("config/forcebridge/profiles.json")).utf8), path: profiles)
        #expect(stored.map(\.match.name) == ["Wacom Bamboo 2FG 4x5 Pen", "ELAN9008:00 04F3:2C82"])
        #expect(stored[0].calibration.averagePressure == 331)
        #expect(stored[0].calibration.restingOffset == 82)
        #expect(stored[1].calibration.averagePressure == 40)

        // The session written replays to the same proposal.
        let again = try program(["calibrate", "--replay", sessionPath, "--dry-run"], home: home)
        #expect(again.status == 0, "\(again.error)")
        func proposal(_ output: String) -> [Substring] {
            let lines = output.split(separator: "\n").drop { !$0.hasPrefix("Proposed calibration") }
            return Array(lines.prefix { !$0.hasPrefix("Profile:") && !$0.hasPrefix("Nothing") })
        }
        #expect(proposal(again.output).count > 5 && proposal(again.output) == proposal(first.output))

        // The written profile is loaded: the screen's average touch 40 of 255 makes maximumPossibleForce 6.375.
        let calibrated = try program(["replay", Self.screen, "--format", "jsonl"], home: home)
        #expect(calibrated.output.hasPrefix("{\"type\":\"device\",\"name\":\"ELAN9008:00 04F3:2C82\",\"kind\":\"touchscreen\","
            + "\"pressureAxis\":\"ABS_MT_PRESSURE\",\"pressureMin\":0,\"pressureMax\":255,\"maximumPossibleForce\":6.375,\"forceSource\":\"pressure\"}\n"))
        let standard = try program(["replay", Self.screen, "--format", "jsonl", "--no-user-profile"], home: home)
        #expect(standard.output.contains("\"maximumPossibleForce\":6.6667,\"forceSource\":\"pressure\"}"))
    }

    /// The pen session with a pause of `gap` seconds before its fourth firm press: the step is
    /// judged with three presses when the pause passes.
    private func penSessionPausingAfterThreeFirmPresses(gap: Double, in home: TemporaryDirectory) throws -> String {
        let text = try #require(String(validating: try FileSystem.contents(of: Repository.root + "/" + Self.pen), as: UTF8.self))
        var firmStarts: [Double] = []
        var firmEnds: [Double] = []
        var pressing = false
        for line in text.split(separator: "\n") where line.hasPrefix("E: ") {
            let fields = line.split(separator: " ")
            guard fields.count >= 5, fields[2] == "0003", fields[3] == "0018", let value = Int(fields[4].prefix { $0 != "\t" }) else { continue }
            if value > 600 && !pressing { firmStarts.append(Double(fields[1]) ?? 0) }
            if value <= 600 && pressing { firmEnds.append(Double(fields[1]) ?? 0) }
            pressing = value > 600
        }
        // Halfway between the third firm press and the fourth, where the pen rests in range.
        let fourth = try #require(firmStarts.count == 5 && firmEnds.count == 5 ? (firmEnds[2] + firmStarts[3]) / 2 : nil, "\(firmStarts) \(firmEnds)")
        let shifted = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let fields = line.split(separator: " ", maxSplits: 2)
            guard line.hasPrefix("E: "), fields.count == 3, let time = Double(fields[1]), time >= fourth else { return String(line) }
            return "E: \(NumberFormat.fixed(time + gap, decimals: 6)) \(fields[2])"
        }
        return try home.write(shifted.joined(separator: "\n"), to: "paused.evemu")
    }

    @Test func aPauseEndsTheStepOnTheLoopsTimer() throws {
        let home = try TemporaryDirectory()
        let path = try penSessionPausingAfterThreeFirmPresses(gap: 200, in: home)
        let virtual = ForceBridgeCLI.runCapturing(["calibrate", "--replay", path, "--dry-run", "--headless"])
        #expect(virtual.status == 0, "\(virtual.error)")
        #expect(virtual.output.contains("  Firm presses: press 3 counted (level 934, 481 ms)\n  Firm presses: accepted (level 901.0); done\n"), "\(virtual.output)")
        // Paced, the loop's timer judges the step 4 s (recorded time) into the 200 s pause, and
        // the wizard ends there, long before the pause would have passed.
        let paced = try program(["calibrate", "--replay", path, "--dry-run", "--speed", "4"], home: home)
        #expect(paced.status == 0, "\(paced.error)")
        #expect(paced.output == virtual.output)
    }
}
