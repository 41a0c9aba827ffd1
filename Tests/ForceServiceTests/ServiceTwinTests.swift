import ForceBus
import ForceCore
import ForceRecording
import ForceService
import ForceTestSupport
import Testing

/// The service's twins over a private dbus-daemon, a recording standing in for the grabbed pen
/// and its twin's frames kept in memory: each twinned device is served once, its profile is
/// changed over `org.forcebridge.Twin1` by busctl and by `forcebridge twin --set`, and another
/// program's twin is served in place of the original it grabbed.
@Suite(.busClientsInstalled, .serialized)
struct ServiceTwinTests {
    static let pen = "/dev/input/event5"
    static let twinNode = "/dev/input/event90"

    /// A service twinning `pen` (the shipped pen resting at 30 %), started.
    static func serving() throws -> ServiceHarness {
        let harness = try ServiceHarness { configuration in
            configuration.twinProfile = { offer in offer.node == pen ? PressureProfile(restingOffset: 152, learnsRestingOffset: false) : nil }
        }
        try harness.devices.plugTwinnable(Repository.recording("pen-resting-30.evemu"), node: pen, twinNode: twinNode)
        try harness.start()
        return harness
    }

    @Test func aTwinnedDeviceIsServedOnceAndNamesItsTwin() throws {
        let harness = try Self.serving()
        let devices = try harness.listDevices()
        #expect(devices.count == 1 && devices.first?["node"]?.stringValue == Self.pen)
        #expect(devices.first?["twin"]?.stringValue == Self.twinNode)
        let listed = try harness.busctl(["call", ServiceNames.busName, TwinControl.path, TwinControl.interfaceName, "ListTwins", "--json=short"])
        #expect(listed.status == 0, "\(listed.error)")
        for text in [Self.pen, Self.twinNode, "\"curve\":{\"type\":\"s\",\"data\":\"linear\"}", "\"restingOffset\":{\"type\":\"d\",\"data\":1.52"] {
            #expect(listed.output.contains(text), "\(listed.output)")
        }
    }

    @Test func setPressureProfileChangesTheRunningTwinAtTheNextFrame() throws {
        let harness = try Self.serving()
        var changed: [String] = []
        let match = try harness.client.addMatch("type='signal',interface='\(TwinControl.interfaceName)'") { message in
            changed.append((try? message.read(String.self)) ?? "?")
        }
        defer { withExtendedLifetime(match) {} }
        let set = try harness.busctl(["call", ServiceNames.busName, TwinControl.path, TwinControl.interfaceName, "SetPressureProfile",
                                      "sa{sv}", Self.pen, "3", "curve", "s", "0.2,0.1,0.8,0.9", "tip", "d", "0.03", "full", "d", "0.85"])
        #expect(set.status == 0, "\(set.error)")
        #expect(set.output.contains("\"bezier:0.2,0.1,0.8,0.9\"") && set.output.contains("0.85"), "\(set.output)")
        #expect(harness.pump { changed == [Self.pen] }, "PressureProfileChanged: \(changed)")

        // The pen's frames now go through the new profile: exactly as a rewriter with it writes them.
        try harness.devices.play(Self.pen)
        let output = try #require(harness.devices.twins[Self.pen])
        let profile = PressureProfile(restingOffset: 152, learnsRestingOffset: false, curve: .bezier(x1: 0.2, y1: 0.1, x2: 0.8, y2: 0.9),
                                      tip: 0.03, full: 0.85)
        let expected = try Self.rewritten("pen-resting-30.evemu", profile: profile)
        #expect(harness.pump { output.frames.count == expected.count })
        #expect(output.frames == expected)
        // Hovering at rest: pressure 0 and no tip; the press goes down.
        #expect(output.frames.prefix(5).allSatisfy { frame in frame.allSatisfy { $0.code != AbsCode.pressure || $0.type != .abs || $0.value == 0 } })
        #expect(output.frames.contains { $0.contains { $0.type == .key && $0.code == KeyCode.touch && $0.value == 1 } })
    }

    @Test func badSettingsAndUnknownTwinsAreRefusedByName() throws {
        let harness = try Self.serving()
        for (settings, message) in [
            (["tilt": BusValue.double(1)], "unknown setting 'tilt'"), (["tip": .double(1.5)], "tip threshold must lie within"),
            (["curve": .string("bogus")], "curve: expected linear"), (["preset": .string("hard")], "preset: expected one of soft, medium, firm"),
            (["curve": .array(elementSignature: "d", [.double(0.2), .double(2), .double(0.5), .double(1)])], "curve: expected"),
        ] {
            let result = try harness.call("SetPressureProfile", path: TwinControl.path, interface: TwinControl.interfaceName) { message throws(BusError) in
                try message.append(Self.pen)
                try message.append(settings)
            }
            guard case .failure(let error) = result else { Issue.record("\(settings) was accepted"); continue }
            #expect(error.name == BusError.Names.invalidArguments && error.message.contains(message), "\(error)")
        }
        let unknown = try harness.call("SetPressureProfile", path: TwinControl.path, interface: TwinControl.interfaceName) { message throws(BusError) in
            try message.append("/dev/input/event77")
            try message.append([String: BusValue]())
        }
        guard case .failure(let error) = unknown else { Issue.record("an unknown twin was found"); return }
        #expect(error.name == "org.forcebridge.Twin1.Error.NoSuchTwin" && error.message.contains("twins: \(Self.pen) (twin \(Self.twinNode)"), "\(error)")
    }

    @Test func forcebridgeTwinSetReachesTheServicesTwin() throws {
        let harness = try Self.serving()
        let set = try harness.run(Repository.forcebridge, ["twin", "--set", Self.pen, "--preset", "soft", "--tip", "4%"])
        #expect(set.status == 0, "\(set.error)")
        #expect(set.output == "\(Self.pen)'s twin \(Self.twinNode) (the service) now: curve bezier:0,0.75,0.25,1, tip 4 %, full 80 %, resting offset 152.\n",
                "\(set.output)")
        let twin = try #require(harness.service.twins.first)
        #expect(twin.profile == PressureProfile(restingOffset: 152, learnsRestingOffset: false, curve: .bezier(x1: 0, y1: 0.75, x2: 0.25, y2: 1),
                                                tip: 0.04, full: 0.8))
        let missing = try harness.run(Repository.forcebridge, ["twin", "--set", "/dev/input/event77", "--tip", "3%"])
        #expect(missing.status == 1)
        #expect(missing.error.hasPrefix("forcebridge: no running twin of '/dev/input/event77': no 'forcebridge twin' runs for it"), "\(missing.error)")
        let bad = try harness.run(Repository.forcebridge, ["twin", "--set", Self.pen, "--curve", "0.5,2,0.5,1"])
        #expect(bad.status != 0 && bad.error.contains("--curve '0.5,2,0.5,1': expected"), "\(bad.error)")
    }

    @Test func anotherProgramsTwinIsServedInPlaceOfItsOriginalUntilItGoes() throws {
        let harness = try ServiceHarness()
        let recording = Repository.recording("pen-resting-30.evemu")
        try harness.devices.plugTwinnable(recording, node: Self.pen, twinNode: "unused")
        try harness.start()
        #expect(try harness.listDevices().map { $0["node"]?.stringValue } == [Self.pen])
        // A foreground twin of event5 appears: it is served, event5 no longer.
        try harness.devices.plug(recording, node: "/dev/input/event9", physicalLocation: "forcebridge-twin:event5/usb-1/input0")
        #expect(harness.pump { (try? harness.listDevices().map { $0["node"]?.stringValue }) == ["/dev/input/event9"] })
        #expect(try harness.listDevices().first?["twinOf"]?.stringValue == Self.pen)
        // The twin goes: event5 reads again and is served again.
        harness.devices.unplug("/dev/input/event9")
        #expect(harness.pump { (try? harness.listDevices().map { $0["node"]?.stringValue }) == [Self.pen] })
        #expect(try harness.listDevices().first?["twin"] == nil, "served as it is: this service was not asked to twin it")
    }

    /// The frames a twin with `profile` writes for the shipped recording `name`.
    static func rewritten(_ name: String, profile: PressureProfile) throws -> [[InputEvent]] {
        let reader = try RecordingFormat.open(path: Repository.recording(name))
        var rewriter = try #require(PressureFrameRewriter(device: reader.description, profile: profile))
        var frames: [[InputEvent]] = []
        while let event = try reader.next() {
            if rewriter.process(event) { frames.append(rewriter.frame) }
        }
        return frames
    }
}
