import ForceTestSupport
import Foundation
import Testing

/// `forcebridge haptic` through the built binary where there is no force-feedback device (the
/// host): list says so and succeeds, play explains what is wrong in one line.
@Suite("forcebridge haptic command line")
struct HapticCommandLineTests {
    /// Whether this machine has no input event devices (the development hosts and CI).
    static let hasNoInputDevices = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/input")) ?? []).allSatisfy { !$0.hasPrefix("event") }

    @Test("haptic list without a force-feedback device says so and exits 0", .enabled(if: hasNoInputDevices, "this machine has input devices"))
    func listWithoutDevices() throws {
        let text = try CommandLine.run(["haptic", "list"])
        #expect(text.status == 0)
        #expect(text.output.hasPrefix("No force-feedback device found"))
        let json = try CommandLine.run(["haptic", "list", "--json"])
        #expect(json.status == 0 && json.output.isEmpty)
    }

    @Test("haptic play without a force-feedback device fails with one clear line", .enabled(if: hasNoInputDevices, "this machine has input devices"))
    func playWithoutDevices() throws {
        let result = try CommandLine.run(["haptic", "play", "impact", "heavy"])
        #expect(result.status == 1)
        #expect(result.errors.hasPrefix("forcebridge: No force-feedback device found"))
        #expect(result.errors.split(separator: "\n").count == 1)
    }

    @Test func aMalformedAHAPFileNamesTheProblemAndWhereItIs() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("{\"Version\": 1.0, \"Pattern\": [\n  {\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransent\"}}\n]}\n", to: "typo.ahap")
        let result = try CommandLine.run(["haptic", "play", path])
        #expect(result.status == 1)
        #expect(result.errors == "forcebridge: \(path):2:38: Pattern[0].Event.EventType: \"HapticTransent\" is not an event type; expected one of HapticTransient, HapticContinuous, AudioContinuous, AudioCustom\n")
        let broken = try folder.write("{\"Pattern\": [,]}", to: "broken.ahap")
        let syntax = try CommandLine.run(["haptic", "play", broken])
        #expect(syntax.errors == "forcebridge: \(broken):1:14: unexpected ','; expected a value (object, array, string, number, true, false or null)\n")
    }

    @Test("haptic play reads an AHAP file with a trailing comma, warning where it is", .enabled(if: hasNoInputDevices, "this machine has input devices"))
    func trailingCommaIsAWarning() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("{\"Pattern\": [\n  {\"Event\": {\"EventType\": \"HapticTransient\"}},\n]}\n", to: "knock.ahap")
        let result = try CommandLine.run(["haptic", "play", path])
        let lines = result.errors.split(separator: "\n")
        #expect(lines.first == "forcebridge: \(path):2:46: Pattern: trailing comma before ']'; accepted as Core Haptics accepts it (strict JSON readers reject it)")
        // Then the file is played: here, where there is no device, that fails.
        #expect(lines.dropFirst().first?.hasPrefix("forcebridge: No force-feedback device found") == true)
    }

    @Test(arguments: [
        (["impact", "hard"], "'hard' is not an impact style; use light|medium|heavy|soft|rigid."),
        (["notification"], "notification needs a type: success|warning|error."),
        (["buzz"], "'buzz' is neither a feedback (impact, notification, selection) nor a file; an AHAP pattern is played with 'forcebridge haptic play FILE.ahap'."),
        (["missing.ahap"], "missing.ahap: no such file"),
    ])
    func badRequestsAreExplained(arguments: [String], message: String) throws {
        let result = try CommandLine.run(["haptic", "play"] + arguments)
        #expect(result.status == 1)
        #expect(result.errors == "forcebridge: \(message)\n")
    }
}
