import ForceBus
import ForceCore
import ForceDevices
import ForceFeedbackd
import ForceService
import ForceSystem
import ForceTestSupport
import Testing

/// feedbackd's interface served on the host: `fbcli` vibrates through it and sets its profile,
/// feedbacks end for feedbackd's reasons (after the answer that names them), `EndFeedback` ends
/// exactly its own feedback, a client's feedback ends when it leaves, themes decide what plays,
/// and the name is left to whoever owns it.
@Suite(.busClientsInstalled)
struct ServiceFeedbackTests {
    static let motorNode = "/dev/input/vibra"
    static let fbcli = "/usr/bin/fbcli"
    static let endedNotFound = FeedbackEndReason.notFound.rawValue

    /// A harness serving feedbackd's interface on a phone vibrator.
    static func harness(_ configure: (inout ForceBridgeService.Configuration) -> Void = { _ in }) throws -> (ServiceHarness, SimulatedHapticDevice) {
        let harness = try ServiceHarness(configure)
        let motor = try harness.devices.plugMotor(node: motorNode)
        try harness.start()
        return (harness, motor)
    }

    @Test(.enabled(if: FileSystem.item(at: fbcli) == .file, "needs fbcli (feedbackd)"))
    func fbcliVibratesThroughTheServiceAndSetsItsProfile() throws {
        let (harness, motor) = try Self.harness()
        #expect(harness.log.text.contains("acquired bus name interface=feedbackd name=\(ServiceNames.feedbackName) theme=forcebridge"),
                "\(harness.log.text)")
        // fbcli's standard input is empty: it ends the feedback at once, which the button's tap outlives.
        let first = try harness.run(Self.fbcli, ["-E", "button-pressed", "-w", "10"])
        #expect(first.status == 0, "\(first)")
        #expect(motor.playCount == 1 && motor.uploadCount >= 1, "\(motor.events)")
        let uploads = motor.uploadCount
        #expect(try harness.run(Self.fbcli, ["-E", "button-pressed", "-w", "10"]).status == 0)
        #expect(motor.playCount == 2 && motor.uploadCount == uploads, "a trigger uploaded its effect again: \(motor.events)")

        var changes: [String: BusValue] = [:]
        let match = try harness.client.addMatch("type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='\(ServiceNames.feedbackPath)'") { message in
            _ = try? message.read(String.self)
            changes = (try? message.read([String: BusValue].self)) ?? [:]
        }
        // fbcli waits for the property's change to be announced.
        let profile = try harness.run(Self.fbcli, ["-P", "quiet"])
        #expect(profile.status == 0 && profile.output.contains("Current feedback profile is: 'quiet'"), "\(profile)")
        // The test's own connection hears the announcement too (fbcli may have ended first).
        #expect(harness.pump { !changes.isEmpty } && changes == ["Profile": .string("quiet")], "\(changes)")
        let property = try harness.busctl(["get-property", ServiceNames.feedbackName, ServiceNames.feedbackPath, ServiceNames.feedbackName, "Profile"])
        #expect(property.output == "s \"quiet\"\n", "\(property)")
        _ = match
    }

    @Test func feedbacksEndForTheirReasonsAfterTheAnswer() throws {
        let (harness, _) = try Self.harness()
        let client = try FeedbackClient(harness)
        let unknown = try client.trigger("x-forcebridge-no-such-event")
        #expect(client.waitForEnd(of: unknown) == Self.endedNotFound)
        // The caller learns the id before it hears the end.
        #expect(client.heard == ["reply \(unknown)", "ended \(unknown) \(Self.endedNotFound)"], "\(client.heard)")
        let silent = try client.trigger("button-pressed", hints: ["profile": .string("silent")])
        #expect(client.waitForEnd(of: silent) == Self.endedNotFound)
        let tap = try client.trigger("button-pressed")
        #expect(client.waitForEnd(of: tap) == FeedbackEndReason.natural.rawValue)
        let timed = try client.trigger("phone-incoming-call", timeout: 1)
        #expect(client.waitForEnd(of: timed) == FeedbackEndReason.expired.rawValue)
        #expect(Set([unknown, silent, tap, timed]).count == 4, "ids were reused")
    }

    @Test func endFeedbackEndsExactlyItsOwnFeedback() throws {
        let (harness, motor) = try Self.harness()
        let client = try FeedbackClient(harness)
        let ring = try client.trigger("phone-incoming-call", timeout: 0)
        #expect(!motor.runningEffects.isEmpty)
        try client.end(ring)
        #expect(client.waitForEnd(of: ring) == FeedbackEndReason.explicit.rawValue)
        #expect(motor.runningEffects.isEmpty, "the ring was not stopped")

        // A ring pre-empted by a later one: ending the first leaves the second playing.
        let older = try client.trigger("phone-incoming-call", timeout: 0)
        let newer = try client.trigger("alarm-clock-elapsed", timeout: 0)
        let stops = motor.stopCount
        try client.end(older)
        #expect(client.waitForEnd(of: older) == FeedbackEndReason.explicit.rawValue)
        #expect(motor.stopCount == stops && !motor.runningEffects.isEmpty, "ending the older ring stopped the newer one")
        #expect(client.ended[newer] == nil)
        try client.end(newer)
        #expect(client.waitForEnd(of: newer) == FeedbackEndReason.explicit.rawValue)
        #expect(motor.runningEffects.isEmpty)
        // Ending what has ended already is answered, and nothing more is heard.
        let heard = client.heard.count
        try client.end(newer)
        #expect(client.heard.count == heard)
    }

    @Test func aClientsFeedbackEndsWhenItLeaves() throws {
        let (harness, motor) = try Self.harness()
        let client = try FeedbackClient(harness)
        let (leaving, binding) = try harness.connect("leaving")
        let ring = try harness.call("TriggerFeedback", on: leaving, binding: binding, destination: ServiceNames.feedbackName,
                                    path: ServiceNames.feedbackPath, interface: ServiceNames.feedbackName) { message throws(BusError) in
            try message.append("org.forcebridge.Leaving"); try message.append("phone-incoming-call")
            try message.append([String: BusValue]()); try message.append(Int32(0))
        }.get().read(UInt32.self)
        #expect(!motor.runningEffects.isEmpty)
        binding.detach()
        leaving.close()
        #expect(client.waitForEnd(of: ring) == FeedbackEndReason.explicit.rawValue)
        #expect(motor.runningEffects.isEmpty, "the ring played on after its client left")
    }

    @Test func theProfileDecidesWhatPlays() throws {
        let theme = try FeedbackTheme(text: """
            { "name": "test", "profiles": [
              { "name": "full", "feedbacks": [ { "event-name": "x-loud", "type": "VibraRumble", "duration": 300 } ] },
              { "name": "quiet", "feedbacks": [ { "event-name": "x-soft", "type": "VibraRumble", "duration": 40 } ] } ] }
            """)
        let (harness, motor) = try Self.harness { $0.feedbackTheme = theme }
        let client = try FeedbackClient(harness)
        #expect(client.waitForEnd(of: try client.trigger("x-loud")) == FeedbackEndReason.natural.rawValue)
        #expect(motor.playedEffects.last?.effect?.length == 300, "\(motor.playedEffects)")
        // A hint can only make an event quieter.
        #expect(client.waitForEnd(of: try client.trigger("x-loud", hints: ["profile": .string("quiet")])) == Self.endedNotFound)
        let set = try harness.busctl(["set-property", ServiceNames.feedbackName, ServiceNames.feedbackPath, ServiceNames.feedbackName,
                                      "Profile", "s", "quiet"])
        #expect(set.status == 0, "\(set)")
        #expect(client.waitForEnd(of: try client.trigger("x-loud")) == Self.endedNotFound)
        #expect(client.waitForEnd(of: try client.trigger("x-soft", hints: ["profile": .string("full")])) == FeedbackEndReason.natural.rawValue)
        #expect(motor.playedEffects.last?.effect?.length == 40)
        let refused = try harness.busctl(["set-property", ServiceNames.feedbackName, ServiceNames.feedbackPath, ServiceNames.feedbackName,
                                          "Profile", "s", "loud"])
        #expect(refused.status != 0 && refused.error.contains("'loud' is not a profile; use full, quiet or silent"), "\(refused)")
    }

    @Test func aNewThemeAppliesToLaterTriggers() throws {
        func theme(rumble milliseconds: Int) throws -> FeedbackTheme {
            try FeedbackTheme(text: #"{ "name": "user-test", "parent-name": "default", "profiles": [ { "name": "quiet", "feedbacks": [ "#
                + #"{ "event-name": "button-pressed", "type": "VibraRumble", "duration": \#(milliseconds) } ] } ] }"#)
                .inheriting(from: DefaultFeedbackTheme.theme)
        }
        let (harness, motor) = try Self.harness { $0.feedbackTheme = try! theme(rumble: 345) }
        let client = try FeedbackClient(harness)
        #expect(client.waitForEnd(of: try client.trigger("button-pressed")) == FeedbackEndReason.natural.rawValue)
        #expect(motor.playedEffects.map { $0.effect?.length } == [345])
        // The default theme's own events still play: the theme's parent is ForceBridge's.
        #expect(client.waitForEnd(of: try client.trigger("message-new-instant")) == FeedbackEndReason.natural.rawValue)
        harness.service.feedbackTheme = try theme(rumble: 456)
        #expect(client.waitForEnd(of: try client.trigger("button-pressed")) == FeedbackEndReason.natural.rawValue)
        #expect(motor.playedEffects.last?.effect?.length == 456)
    }

    @Test func leavesTheNameToItsOwner() throws {
        let harness = try ServiceHarness()
        #expect(try harness.client.requestName(ServiceNames.feedbackName) == .owned)
        try harness.start()
        #expect(harness.log.text.contains("\(ServiceNames.feedbackName) is owned by another program (feedbackd?); leaving it alone"),
                "\(harness.log.text)")
        let owner = try harness.client.nameOwner(of: ServiceNames.feedbackName)
        #expect(owner == (try harness.client.uniqueName()))
        // The service does not answer feedbackd's calls beside the owner.
        let service = try #require(try harness.client.nameOwner(of: ServiceNames.busName))
        let call = try harness.call("EndFeedback", destination: service, path: ServiceNames.feedbackPath,
                                    interface: ServiceNames.feedbackName) { message throws(BusError) in try message.append(UInt32(1)) }
        #expect(call.failure?.name == BusError.Names.unknownMethod || call.failure?.name == "org.freedesktop.DBus.Error.UnknownObject", "\(call)")

        // --no-feedbackd leaves a free name free.
        let other = try ServiceHarness { $0.servesFeedbackd = false }
        try other.start()
        #expect(try other.client.nameOwner(of: ServiceNames.feedbackName) == nil)
    }
}
