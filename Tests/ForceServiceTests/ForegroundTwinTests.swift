import ForceBus
import ForceCore
import ForceRecording
import ForceService
import ForceSession
import ForceTestSupport
import Testing

/// `forcebridge twin`'s run, with a recorded pen as the original: on the bus while it runs, every
/// frame through the twin to the recording's end; without a bus it runs all the same.
@Suite(.enabled(if: PrivateBus.isAvailable, "needs dbus-daemon (Scripts/install-deps.sh test)"))
struct ForegroundTwinTests {
    private static func twin(output: InMemoryTwinOutput) throws -> DeviceTwin {
        let source = try RecordingSource(path: Repository.recording("pen-resting-30.evemu"))
        return try DeviceTwin(io: TwinIO(source: source, output: output, node: "/dev/input/event5"), profile: PressureProfile())
    }

    @Test func runsOnTheBusUntilItsOriginalEnds() throws {
        let bus = try PrivateBus()
        let output = InMemoryTwinOutput(node: "/dev/input/event90")
        let foreground = try ForegroundTwin(try Self.twin(output: output), on: try SessionRuntime(), busAddress: bus.address)
        #expect(foreground.busFailure == nil)
        // The twin's name is owned (the daemon answers; the twin's own loop runs only in `run()`).
        let client = try BusConnection.session(address: bus.address, description: "test")
        defer { client.close() }
        let names = try client.call(try client.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                          interface: "org.freedesktop.DBus", member: "ListNames"), timeout: .seconds(5)).read([String].self)
        #expect(names.contains(TwinControl.busName(forOriginal: "/dev/input/event5")), "\(names)")

        #expect(try foreground.run() == .stopped)
        #expect(!output.frames.isEmpty && output.frames.count == foreground.twin.relay.framesWritten)
    }

    @Test func aBusOutOfReachLeavesTheTwinRunning() throws {
        let directory = try TemporaryDirectory()
        let output = InMemoryTwinOutput(node: "/dev/input/event90")
        let foreground = try ForegroundTwin(try Self.twin(output: output), on: try SessionRuntime(), busAddress: "unix:path=\(directory.path("no-bus"))")
        #expect(foreground.busFailure != nil)
        #expect(try foreground.run() == .stopped)
        #expect(!output.frames.isEmpty)
    }
}
