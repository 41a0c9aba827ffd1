import ForceBus
import ForceCore
import ForceService
import ForceTestSupport
import Glibc
import SystemPackage
import Testing

/// Misbehaving clients get clear errors and change nothing: calls whose arguments do not match
/// the declared signature are refused before any handler runs, unknown devices and members are
/// named, malformed patterns say where, and values out of range say what is allowed.
@Suite(.busClientsInstalled)
struct ServiceErrorTests {
    static let recording = Repository.recording("touchscreen-tap.evemu")

    static func harness() throws -> (ServiceHarness, SimulatedHapticDevice) {
        let harness = try ServiceHarness()
        try harness.devices.plug(recording)
        let motor = try harness.devices.plugMotor(node: "/dev/input/motor")
        try harness.start()
        return (harness, motor)
    }

    @Test func argumentsThatDoNotMatchTheSignatureAreRefusedBeforeTheHandler() throws {
        let (harness, motor) = try Self.harness()
        // busctl: Impact(ssd) called with (ss).
        let short = try harness.busctl(["call", ServiceNames.busName, ServiceNames.path, ServiceNames.interface, "Impact", "ss", "", "heavy"])
        #expect(short.status != 0 && short.error.contains("Invalid arguments 'ss' to call \(ServiceNames.interface).Impact(), expecting 'ssd'"),
                "\(short)")
        // dbus-send (which sends what it is told; gdbus checks against the introspection first): a
        // string where a double belongs.
        let typed = try harness.run("/usr/bin/dbus-send", ["--session", "--print-reply", "--dest=" + ServiceNames.busName, ServiceNames.path,
                                                           ServiceNames.interface + ".Impact", "string:", "string:heavy", "string:hard"])
        #expect(typed.status != 0 && typed.error.contains("org.freedesktop.DBus.Error.InvalidArgs"), "\(typed)")
        // ForceBus: Subscribe(sa{sv}) called with (i).
        let subscribe = try harness.call("Subscribe") { message throws(BusError) in try message.append(Int32(3)) }
        #expect(subscribe.failure?.name == BusError.Names.invalidArguments, "\(subscribe)")
        let subscribers = try harness.listDevices().first?["subscribers"]
        #expect(motor.events.isEmpty && subscribers == .uint32(0))
        // The calls counted against nobody's rate limit and left the service answering.
        #expect((try? harness.call("Selection") { message throws(BusError) in try message.append("") }.get()) != nil)
    }

    @Test func unknownDevicesAndMembersAreNamed() throws {
        let (harness, motor) = try Self.harness()
        let subscribe = try harness.call("Subscribe") { message throws(BusError) in
            try message.append("no-such-device"); try message.append([String: BusValue]())
        }
        #expect(subscribe.failure == BusError(name: "org.forcebridge.ForceBridge1.Error.NoSuchDevice",
                                              message: "no device matches 'no-such-device'; devices: \(Self.recording)"), "\(subscribe)")
        let impact = try harness.gdbus(["call", "--session", "-d", ServiceNames.busName, "-o", ServiceNames.path,
                                        "-m", ServiceNames.interface + ".Impact", "no-such-motor", "light", "1"])
        #expect(impact.status != 0 && impact.error.contains("org.forcebridge.ForceBridge1.Error.NoSuchDevice: no device matches 'no-such-motor'; devices: /dev/input/motor"),
                "\(impact)")
        let stop = try harness.call("Stop") { message throws(BusError) in try message.append("no-such-motor") }
        #expect(stop.failure?.name == "org.forcebridge.ForceBridge1.Error.NoSuchDevice")
        let unknown = try harness.busctl(["call", ServiceNames.busName, ServiceNames.path, ServiceNames.interface, "Vibrate"])
        #expect(unknown.status != 0 && unknown.error.contains("Unknown method Vibrate"), "\(unknown)")
        #expect(motor.events.isEmpty)
    }

    @Test func malformedPatternsSayWhereAndPlayNothing() throws {
        let (harness, motor) = try Self.harness()
        let python = try harness.python(["pattern", "{\"Pattern\": [\n  {\"Event\": {\"EventType\": \"Bogus\"}}\n]}"])
        #expect(harness.finish(python) == 0)
        #expect(python.standardOutput.hasPrefix("org.forcebridge.ForceBridge1.Error.InvalidPattern 2:"), "\(python.standardOutput)")
        #expect(python.standardOutput.contains("Pattern[0].Event.EventType"))
        let busctl = try harness.busctl(["call", ServiceNames.busName, ServiceNames.path, ServiceNames.interface, "PlayPattern", "ss", "", "{\"Pattern\": 3"])
        #expect(busctl.status != 0 && busctl.error.contains("1:"), "\(busctl)")
        let prepare = try harness.call("Prepare") { message throws(BusError) in try message.append(""); try message.append("[]") }
        #expect(prepare.failure?.name == "org.forcebridge.ForceBridge1.Error.InvalidPattern", "\(prepare)")

        // A file that is not an AHAP pattern, and a descriptor that is not a file.
        let directory = try TemporaryDirectory()
        let file = try FileDescriptor.open(try directory.write("not json", to: "bad.ahap"), .readOnly)
        defer { try? file.close() }
        let fromFile = try harness.call("PlayPatternFile") { message throws(BusError) in try message.append(""); try message.append(file) }
        #expect(fromFile.failure?.name == "org.forcebridge.ForceBridge1.Error.InvalidPattern", "\(fromFile)")
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let reader = FileDescriptor(rawValue: ends[0]), writer = FileDescriptor(rawValue: ends[1])
        defer { try? reader.close(); try? writer.close() }
        let fromPipe = try harness.call("PlayPatternFile") { message throws(BusError) in try message.append(""); try message.append(reader) }
        #expect(fromPipe.failure == .invalidArguments("pass a regular file (or the AHAP text to PlayPattern)"), "\(fromPipe)")
        #expect(motor.events.isEmpty, "\(motor.events)")
    }

    @Test func valuesOutOfRangeSayWhatIsAllowed() throws {
        let (harness, motor) = try Self.harness()
        func impact(_ style: String, _ intensity: Double) throws -> BusError? {
            try harness.call("Impact") { message throws(BusError) in
                try message.append(""); try message.append(style); try message.append(intensity)
            }.failure
        }
        #expect(try impact("wobbly", 1) == .invalidArguments("'wobbly' is not an impact style; use light, medium, heavy, soft, rigid"))
        #expect(try impact("light", 2) == .invalidArguments("intensity 2.0 is not within 0...1"))
        #expect(try impact("light", .nan)?.name == BusError.Names.invalidArguments)
        let notification = try harness.call("Notification") { message throws(BusError) in try message.append(""); try message.append("meh") }
        #expect(notification.failure == .invalidArguments("'meh' is not a notification type; use success, warning, error"))
        #expect(motor.events.isEmpty)
    }
}
