import ForceBus
import ForceCore
import ForceDevices
import ForceRecording
import ForceService
import ForceSession
import ForceTestSupport
import Glibc
import Testing

/// The service's devices on the host: `ListDevices` through ForceBus, busctl, gdbus and
/// python3-dbus, `DeviceAdded`/`DeviceRemoved` and the interaction signals as recordings come,
/// play and go; keyboards and devices this user may not read are never served.
@Suite(.busClientsInstalled)
struct ServiceDevicesTests {
    static let stylus = Repository.recording("stylus-commit.evemu")
    static let tap = Repository.recording("touchscreen-tap.evemu")

    /// A recording of a keyboard (one key press), written to `directory`.
    static func keyboardRecording(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("keyboard.evemu")
        let writer = try EvemuWriter(path: path, description: TestDevices.keyboard(name: "ForceBridge Service Keyboard"))
        try writer.write(InputEvent(time: 1_000_000, type: .key, code: EventCode(30), value: 1))
        try writer.write(InputEvent(time: 1_000_000, type: .syn, code: EventCode(0), value: 0))
        try writer.close()
        return path
    }

    @Test func listsTheTouchAndTabletDevicesItServesToEveryClient() throws {
        let directory = try TemporaryDirectory()
        let harness = try ServiceHarness()
        try harness.devices.plug(Self.stylus)
        try harness.devices.plug(try Self.keyboardRecording(in: directory))
        try harness.devices.plug(Self.tap)
        try harness.devices.plug(Repository.recording("touchscreen-palm.evemu"), node: "/dev/input/forbidden",
                                 access: .denied(reason: "owned by root:input with mode 660", byPermissions: true))
        try harness.start()

        let devices = try harness.listDevices()
        #expect(devices.map { $0["node"]?.stringValue } == [Self.stylus, Self.tap], "the keyboard or an unreadable device was served")
        let stylus = try #require(devices.first)
        #expect(stylus["kind"] == .string("tablet") && stylus["pressureAxis"] == .string("ABS_PRESSURE"), "\(stylus)")
        #expect(stylus["name"]?.stringValue?.isEmpty == false && stylus["subscribers"] == .uint32(0), "\(stylus)")
        #expect((stylus["maximumPossibleForce"]?.doubleValue ?? 0) > 1, "\(stylus)")
        #expect(devices.last?["kind"] == .string("touchscreen"))
        // What a view shows beside the touches, as the view computes it when it opens the recording.
        let session = Session(source: try RecordingSource(reader: try RecordingFormat.open(path: Self.stylus), speed: .maximum))
        #expect(DeviceFacts(busProperties: stylus) == DeviceFacts(of: session.pipeline), "\(stylus)")
        #expect(stylus["xMax"]?.doubleValue != nil && stylus["sensitivity"]?.stringValue != nil, "\(stylus)")

        let busctl = try harness.busctl(["call", ServiceNames.busName, ServiceNames.path, ServiceNames.interface, "ListDevices"])
        #expect(busctl.status == 0 && busctl.output.hasPrefix("aa{sv} 2 18 \"node\" s \"\(Self.stylus)\" \"name\" s "), "\(busctl)")
        let gdbus = try harness.gdbus(["call", "--session", "-d", ServiceNames.busName, "-o", ServiceNames.path, "-m", ServiceNames.interface + ".ListDevices"])
        #expect(gdbus.status == 0 && gdbus.output.contains("'node': <'\(Self.tap)'>") && gdbus.output.contains("'kind': <'touchscreen'>"), "\(gdbus)")
        let python = try harness.python(["list"])
        #expect(harness.finish(python) == 0, "\(python.standardError)")
        #expect(python.lines.count == 2 && python.lines[0].contains(#""node": "\#(Self.stylus)""#), "\(python.lines)")

        #expect(!harness.log.text.contains("ForceBridge Service Keyboard"), "\(harness.log.text)")
        #expect(!harness.log.text.contains("/dev/input/forbidden"), "\(harness.log.text)")
    }

    @Test func announcesDevicesAsTheyComePlayAndGo() throws {
        let harness = try ServiceHarness()
        try harness.start()
        #expect(try harness.listDevices().isEmpty)
        #expect(harness.log.text.contains("no touch or tablet device yet"), "\(harness.log.text)")
        var signals: [String] = []
        let match = try harness.client.addMatch("type='signal',interface='\(ServiceNames.interface)'") { message in
            let arguments = (try? BusValue.readValue(from: message)).flatMap(\.stringValue) ?? ""
            signals.append("\(message.member ?? "?") \(arguments)")
        }
        let listener = try harness.python(["signals", "\(Int(ServiceHarness.patience * 2))"])
        #expect(harness.wait(for: "listening", from: listener), "\(listener.standardError)")

        try harness.devices.plug(Self.tap)
        #expect(harness.pump { signals == ["DeviceAdded \(Self.tap)"] }, "\(signals)")
        #expect(try harness.listDevices().count == 1)
        harness.devices.unplug(Self.tap)
        #expect(harness.pump { signals.last == "DeviceRemoved \(Self.tap)" }, "\(signals)")
        #expect(try harness.listDevices().isEmpty)

        // A recording played to its end: the interaction's outcome, then the device is gone.
        signals.removeAll()
        try harness.devices.plug(Self.stylus)
        try harness.devices.play(Self.stylus)
        #expect(harness.pump { signals.last == "DeviceRemoved \(Self.stylus)" }, "\(signals)")
        #expect(signals == ["DeviceAdded \(Self.stylus)", "PreviewBegan \(Self.stylus)", "PreviewEnded \(Self.stylus)",
                            "Committed \(Self.stylus)", "DeviceRemoved \(Self.stylus)"], "\(signals)")
        #expect(harness.pump { listener.lines.contains { $0.hasPrefix("DeviceRemoved \(Self.stylus)") } }, "\(listener.lines)")
        listener.send(SIGTERM)
        listener.wait(seconds: 5)
        let lines = listener.lines
        #expect(lines.contains { $0.hasPrefix("DeviceAdded \(Self.tap) ") && $0.hasSuffix(" touchscreen") }, "\(lines)")
        #expect(lines.contains("DeviceRemoved \(Self.tap)"))
        #expect(lines.contains { $0.hasPrefix("Committed \(Self.stylus) ") }, "\(lines)")
        _ = match
    }
}
