import ForceBus
import ForceDevices
import ForceService
import ForceTestSupport
import Testing

/// README.md's clients of the service, as they stand, against the service on the host: they
/// list the device, stream a recorded press, pop the motor at its commit, and end when the
/// device goes away. (The guest runs them against live uinput devices.)
@Suite(.busClientsInstalled)
struct ReadmeExampleServiceTests {
    static let recording = Repository.recording("stylus-commit.evemu")

    /// Serves the recording and a motor, starts `example`, plays the recording once the example
    /// subscribed, and returns the example's output lines and the motor.
    static func run(_ example: (ServiceHarness) throws -> ChildProcess) throws -> (lines: [String], motor: SimulatedHapticDevice, status: Int32?) {
        let harness = try ServiceHarness()
        try harness.devices.plug(recording)
        let motor = try harness.devices.plugMotor(node: "/dev/input/motor")
        try harness.start()
        let client = try example(harness)
        let subscribed = harness.pump { (try? harness.listDevices().first?["subscribers"]) == .uint32(1) || !client.isRunning }
        try #require(subscribed && client.isRunning, "\(client.standardOutput)\(client.standardError)")
        try harness.devices.play(recording)
        let status = harness.finish(client)
        #expect(status == 0, "\(client.standardError)")
        return (client.lines, motor, status)
    }

    @Test func thePythonExampleRuns() throws {
        let readme = try Repository.text("README.md")
        let block = try #require(readme.split(separator: "```python\n").dropFirst().first?.split(separator: "```", omittingEmptySubsequences: false).first)
        let directory = try TemporaryDirectory()
        let script = try directory.write(String(block), to: "example.py")
        let (lines, motor, _) = try Self.run { harness in try harness.spawn("/usr/bin/python3", [script]) }
        #expect(lines.first?.hasPrefix("\(Self.recording) Wacom Intuos Pro M Pen ") == true, "\(lines.prefix(2))")
        #expect(lines.contains { $0.contains(" began ") } && lines.contains { $0.contains(" ended ") }, "\(lines.suffix(3))")
        #expect(motor.playCount >= 1, "no pop at the commit")
    }

    @Test func theCExampleRuns() throws {
        let directory = try TemporaryDirectory()
        let binary = directory.path("force-client")
        let build = try ChildProcess.run("/bin/sh", ["-c", #"cc "$1" $(pkg-config --cflags --libs libsystemd) -o "$2""#, "sh",
                                                     Repository.path(ReadmeCExampleTests.example), binary], seconds: 120)
        try #require(build.status == 0, "\(build.output)\(build.error)")
        let (lines, motor, _) = try Self.run { harness in try harness.spawn(binary, []) }
        #expect(lines.first?.hasPrefix("\(Self.recording) Wacom Intuos Pro M Pen") == true, "\(lines.prefix(2))")
        let touches = lines.filter { $0.hasPrefix("{") }
        #expect(!touches.isEmpty && touches.allSatisfy { $0.hasPrefix(#"{"type":"touch","#) })
        #expect(lines.contains("pop") && motor.playCount >= 1, "\(lines.suffix(3))")
    }
}
