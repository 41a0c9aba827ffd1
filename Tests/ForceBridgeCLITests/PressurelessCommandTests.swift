import ForceBridgeCLI
import ForceCore
import ForceTestSupport
import Testing

/// What the commands say and do on devices without pressure (issue 13): the force source in every
/// report, Haptic Touch where force interactions used to be "unavailable", and `--sensitivity` /
/// `--touch-duration` over the profiles.
@Suite("Force sources and sensitivity on the command line", .serialized)
struct PressurelessCommandTests {
    private static let noPressure = Repository.recording("no-pressure.evemu")
    private static let contactSize = Repository.recording("contact-size.evemu")
    private static let stylus = Repository.recording("stylus-commit.evemu")

    private func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let result = ForceBridgeCLI.runCapturing(arguments + ["--no-user-profile"])
        #expect(result.status == 0, "\(arguments): \(result.error)", sourceLocation: sourceLocation)
        return result.output
    }

    private func lines(_ text: String, type: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.hasPrefix("{\"type\":\"\(type)\"") }
    }

    @Test(arguments: [(noPressure, "duration"), (contactSize, "contactSize"), (stylus, "pressure")])
    func jsonLinesNameTheForceSourceOnTheDeviceAndEveryTouch(path: String, source: String) {
        let output = run(["replay", path, "--format", "jsonl"])
        let device = lines(output, type: "device")
        #expect(device.count == 1)
        #expect(device.first?.hasSuffix(",\"forceSource\":\"\(source)\"}") == true, "\(device)")
        let touches = lines(output, type: "touch")
        #expect(!touches.isEmpty)
        #expect(touches.allSatisfy { $0.hasSuffix(",\"forceSource\":\"\(source)\"}") })
    }

    @Test func theNoPressureReplaySaysHapticTouchAndPreviewsAndCommitsTheHeldPress() {
        let output = run(["replay", Self.noPressure])
        #expect(!output.contains("unavailable"))
        #expect(output.contains("Device: \"silead_ts\" (touchscreen), no pressure axis or contact size (force source duration): "
            + "force is 1.0 while touching, maximumPossibleForce 0\n"
            + "Haptic Touch: a touch held still begins after 0.15 s, peeks at 0.50 s and pops at 1.00 s (touch duration fast); "
            + "moving more than 1/32 of the shorter side (25 units) first is a drag\n"))
        #expect(output.contains("   0.000 s  touch 1 began (finger) at (511, 336), force 1.00 (not measured: held time drives interactions)\n"))
        #expect(output.contains("   0.150 s  Preview should begin\n"))
        #expect(output.contains("   0.500 s  Preview: 1.0, ended: true\n"))
        #expect(output.contains("   1.000 s  Commit: 1.0, ended: true\n"))
        #expect(output.hasSuffix("Summary: 171 events, 48 frames, 2 touches, peak normalized force 0.00, 1 preview ended, 1 commit, 0 cancels\n"))
    }

    @Test func theContactSizeReplayNamesItsAxisAndMarksForceEstimated() {
        let output = run(["replay", Self.contactSize])
        #expect(output.contains("contact size ABS_MT_TOUCH_MAJOR 0...255 (force source contactSize: estimated, no pressure axis), maximumPossibleForce 6.67\n"))
        #expect(output.contains("force 0.47 (7% of range, estimated)"))
        #expect(output.contains("Haptic Touch too (contact size is an estimate), whichever comes first: a touch held still begins "
            + "after 0.15 s, peeks at 0.50 s and pops at 1.00 s (touch duration fast)"))
        // The press, held still, previews and commits by the timing before its contact grows enough.
        #expect(output.contains("   0.606 s  Preview should begin\n"))
        #expect(output.contains("   1.456 s  Commit: 1.0, ended: true\n"))
    }

    @Test func onTheContactSizeScreenTheTouchDurationTimesHoldingStillAndTheSensitivityTheContact() {
        // Slow: holding still begins it 0.24 s after the landing (0.456 s); the contact then gets
        // to force 2 and 3 before the slow peek and pop.
        let slow = run(["replay", Self.contactSize, "--touch-duration", "slow"])
        #expect(slow.contains("   0.696 s  Preview should begin\n"))
        #expect(slow.contains("   1.134 s  Preview: 1.0, ended: true\n"))
        // Light as well: the contact gets to 0.7 first, before holding still would begin it.
        let light = run(["replay", Self.contactSize, "--touch-duration", "slow", "--sensitivity", "light"])
        #expect(light.contains("   0.511 s  Preview should begin\n"))
        let json = run(["describe", Self.contactSize, "--format", "json", "--touch-duration", "slow"])
        #expect(json.contains("\"hapticTouch\":{\"begin\":0.24,\"peek\":0.8,\"pop\":1.6}"), "\(json)")
    }

    @Test func aSlowTouchDurationPeeksLaterAndTheLiftCancelsBeforeThePop() {
        let output = run(["replay", Self.noPressure, "--touch-duration", "slow"])
        #expect(output.contains("peeks at 0.80 s and pops at 1.60 s (touch duration slow)"))
        #expect(output.contains("   0.240 s  Preview should begin\n"))
        #expect(output.contains("   0.800 s  Preview: 1.0, ended: true\n"))
        #expect(output.contains("   1.430 s  Canceled\n"))
        #expect(output.hasSuffix("1 preview ended, 0 commits, 1 cancel\n"))
    }

    /// The force of the touch when the interaction began, from a jsonl transcript.
    private func forceAtBegin(_ transcript: String) throws -> Double {
        var force: Double?
        for line in transcript.split(separator: "\n") {
            if line.hasPrefix("{\"type\":\"interaction\""), line.contains("\"shouldBegin\"") { break }
            if line.hasPrefix("{\"type\":\"touch\""), let range = line.firstRange(of: ",\"force\":") {
                force = Double(line[range.upperBound...].prefix { $0 != "," })
            }
        }
        return try #require(force)
    }

    @Test func firmNeedsMeasurablyMoreForceThanLightOnThePen() throws {
        let light = run(["replay", Self.stylus, "--format", "jsonl", "--sensitivity", "light"])
        let medium = run(["replay", Self.stylus, "--format", "jsonl", "--sensitivity", "default"])
        let firm = run(["replay", Self.stylus, "--format", "jsonl", "--sensitivity", "firm"])
        #expect(medium == run(["replay", Self.stylus, "--format", "jsonl"]), "default is medium")
        let forces = try [light, medium, firm].map(forceAtBegin)
        // The pen's maximumPossibleForce is 4.17: light begins at 0.7, medium at 1.0, firm at 1.4
        // fitted down to 1.25 (commit 4.2 would exceed 90 % of the range).
        #expect(forces[0] >= 0.7 && forces[0] < 1.0, "\(forces)")
        #expect(forces[1] >= 1.0 && forces[1] < 1.25, "\(forces)")
        #expect(forces[2] >= 1.25, "\(forces)")
        // The press peaks at force 3.58: enough to commit under light and medium (2.1, 3.0), not
        // under firm (3.75): it peeks, and the lift cancels.
        for output in [light, medium] { #expect(output.contains("\"previewsEnded\":1,\"commits\":1,\"cancels\":0}")) }
        #expect(firm.contains("\"peakNormalizedForce\":0.8598,\"previewsEnded\":1,\"commits\":0,\"cancels\":1}"))
    }

    @Test func describeShowsTheSensitivityAndThresholdsInForceAndRawUnits() {
        let light = run(["describe", Self.stylus, "--sensitivity", "light"])
        #expect(light.contains("Sensitivity: light (force thresholds ×0.7), touch duration fast\n"))
        #expect(light.contains("Thresholds:  begin 0.70, preview end 1.40, commit end 2.10 (force units)\n"))
        let firm = run(["describe", Self.stylus, "--sensitivity", "firm", "--touch-duration", "slow"])
        #expect(firm.contains("Sensitivity: firm (force thresholds ×1.4), touch duration slow\n"))
        #expect(firm.contains("Thresholds:  begin 1.25, preview end 2.50, commit end 3.75 (force units)\n"))
        // 1.25 of 4.17 on 0...8191, counted from the pen's tip-up level, 81: the average touch at
        // 81 + 0.24 × 8110 = 2027.4 (raw), linear.
        #expect(firm.contains("             ABS_PRESSURE: 2514, 4947, 7380 (raw units)\n"), "\(firm)")
        #expect(firm.contains("             resting offset: learned from the pressure at a proximity-in where ABS_DISTANCE is at least 31 "
            + "(50 % of 0...63)"))
        let json = run(["describe", Self.noPressure, "--format", "json", "--touch-duration", "slow"])
        #expect(json.contains("\"forceSource\":\"duration\",\"forceAxis\":null,\"sensitivity\":\"medium\",\"touchDuration\":\"slow\","
            + "\"rawThresholds\":null,\"hapticTouch\":{\"begin\":0.24,\"peek\":0.8,\"pop\":1.6}"), "\(json)")
        let text = run(["describe", Self.noPressure])
        #expect(text.contains("Thresholds:  Haptic Touch: a touch held still begins after 0.15 s"))
        #expect(!text.contains("unavailable"))
    }

    @Test func theCommandLineOverridesTheProfileAndTheProfileAppliesWithoutIt() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let profile = try folder.write("{\"sensitivity\": \"firm\", \"touchDuration\": \"slow\"}", to: "profile.json")
        let fromProfile = run(["describe", Self.stylus, "--profile", profile])
        #expect(fromProfile.contains("Sensitivity: firm (force thresholds ×1.4), touch duration slow\n"))
        let overridden = run(["describe", Self.stylus, "--profile", profile, "--sensitivity", "light", "--touch-duration", "fast"])
        #expect(overridden.contains("Sensitivity: light (force thresholds ×0.7), touch duration fast\n"))
        let replay = run(["replay", Self.noPressure, "--profile", profile])
        #expect(replay.contains("   0.240 s  Preview should begin\n"), "the profile's slow touch duration")
    }

    @Test func aWrongValueIsRefusedWithTheChoices() {
        let result = ForceBridgeCLI.runCapturing(["replay", Self.stylus, "--sensitivity", "hard"])
        #expect(result.status == 64)
        #expect(result.error.contains("--sensitivity"), "\(result.error)")
        #expect(result.error.contains("light") && result.error.contains("firm"), "\(result.error)")
        let duration = ForceBridgeCLI.runCapturing(["monitor", "--touch-duration", "medium"])
        #expect(duration.status == 64)
        #expect(duration.error.contains("fast") && duration.error.contains("slow"), "\(duration.error)")
    }

    @Test(arguments: ["replay", "monitor", "rate", "plot", "describe"])
    func everyInteractionCommandDocumentsTheOptions(command: String) {
        let help = ForceBridgeCLI.runCapturing(["help", command]).output
        #expect(help.contains("--sensitivity <light|medium|firm>"), "\(help)")
        #expect(help.contains("--touch-duration <fast|slow>"), "\(help)")
    }

    @Test func plotsNameTheSourceAndExplainHapticTouch() {
        let svg = run(["plot", Self.noPressure, "-o", "-"])
        #expect(svg.contains("no pressure axis, force source duration (Haptic Touch)"))
        #expect(svg.contains("Haptic Touch: the preview and commit follow how long a touch is held still"))
        #expect(!svg.contains("unavailable"))
        let estimated = run(["plot", Self.contactSize, "-o", "-"])
        #expect(estimated.contains("force estimated from contact size (force source contactSize)"))
    }
}
