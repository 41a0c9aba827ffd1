import ForceBus
import ForceCore
import ForceDevices
import ForceFeedbackd
import ForceService
import ForceTestSupport
import Glibc
import Testing

extension SessionBusGuestTests {
    /// feedbackd's interface served by `forcebridge serve` on a uinput motor: fbcli vibrates through
    /// it unchanged, effects are uploaded once and reused, overlapping triggers leak no slot,
    /// EndFeedback stops exactly its own feedback, and the name is left to feedbackd when it runs.
    @Suite(.serialized, .feedbackdGuestOnly)
    struct ServiceFeedbackKernelTests {
        static func isUpload(_ event: HapticHardwareEvent) -> Bool { if case .upload = event.kind { return true } else { return false } }
        static func isStop(_ event: HapticHardwareEvent) -> Bool { if case .stop = event.kind { return true } else { return false } }

        @Test func fbcliPlaysTheThemesEffectWithoutUploadingAgain() throws {
            let guest = try ServiceGuest()
            try guest.start()
            #expect(guest.log.contains("acquired bus name interface=feedbackd name=org.sigxcpu.Feedback"), "\(guest.log)")
            let first = try guest.feedback.fbcli("button-pressed")
            #expect(first.status == 0, "\(first.output)\(first.error)")
            #expect(guest.motor.waitUntilStarts(exceed: 0), "fbcli's feedback never reached the motor")
            let uploads = guest.motor.events.filter(Self.isUpload).count
            #expect(uploads >= 1)
            let plays = guest.motor.playCount
            for _ in 0..<3 {
                let again = try guest.feedback.fbcli("button-pressed")
                #expect(again.status == 0, "\(again.output)\(again.error)")
            }
            #expect(guest.motor.waitUntilStarts(exceed: plays + 2))
            #expect(guest.motor.events.filter(Self.isUpload).count == uploads, "a trigger uploaded its effect again")
        }

        @Test func endFeedbackStopsExactlyItsOwnFeedback() throws {
            let guest = try ServiceGuest()
            try guest.start()
            let ring = try guest.feedback.trigger("phone-incoming-call", timeout: 0)
            #expect(guest.motor.waitUntilStarts(exceed: 0), "the ring never started")
            // Ending it stops the motor and reports an explicit end.
            let stopsBefore = guest.motor.events.filter(Self.isStop).count
            try guest.feedback.end(ring)
            #expect(try guest.feedback.waitForEnd(of: ring) == FeedbackEndReason.explicit.rawValue)
            #expect(guest.motor.waitUntil { $0.events.filter(Self.isStop).count > stopsBefore }, "the ring was not stopped")

            // A ring pre-empted by a later one: ending the first leaves the second playing.
            let older = try guest.feedback.trigger("phone-incoming-call", timeout: 0)
            let newer = try guest.feedback.trigger("alarm-clock-elapsed", timeout: 0)
            // The service plays a feedback just after answering its trigger: once it has answered
            // a later call, and the motor has read what was written by then, the pre-emption is
            // over. Ending the older ring writes its stops before the service announces its end.
            try guest.feedback.roundTrip()
            #expect(try guest.feedback.motorHasReadEverythingWritten())
            let stops = guest.motor.events.filter(Self.isStop).count
            try guest.feedback.end(older)
            #expect(try guest.feedback.waitForEnd(of: older) == FeedbackEndReason.explicit.rawValue)
            #expect(try guest.feedback.motorHasReadEverythingWritten())
            try guest.feedback.roundTrip()
            #expect(guest.motor.events.filter(Self.isStop).count == stops, "ending the older ring stopped the newer one")
            #expect(guest.feedback.ended[newer] == nil, "the newer ring ended with the older")
            try guest.feedback.end(newer)
            #expect(try guest.feedback.waitForEnd(of: newer) == FeedbackEndReason.explicit.rawValue)
        }

        @Test func unknownEventsAndTheSilentProfileEndAtOnce() throws {
            let guest = try ServiceGuest()
            try guest.start()
            let id = try guest.feedback.trigger("x-forcebridge-no-such-event")
            #expect(try guest.feedback.waitForEnd(of: id) == FeedbackEndReason.notFound.rawValue)
            let silent = try guest.feedback.trigger("button-pressed", hints: ["profile": .string("silent")])
            #expect(try guest.feedback.waitForEnd(of: silent) == FeedbackEndReason.notFound.rawValue)
            let timed = try guest.feedback.trigger("phone-incoming-call", timeout: 1)
            #expect(try guest.feedback.waitForEnd(of: timed) == FeedbackEndReason.expired.rawValue)
        }

        /// 200 overlapping triggers on a 16-slot motor: every one plays or is arbitrated, none fails
        /// for want of a slot, and the engine holds a few effects, not one per trigger.
        @Test func overlappingTriggersLeakNoSlot() throws {
            let guest = try ServiceGuest(slots: 16)
            try guest.start()
            var ids: [UInt32] = []
            for index in 0..<200 {
                ids.append(try guest.feedback.trigger(index % 2 == 0 ? "message-new-instant" : "button-pressed"))
            }
            for id in ids { #expect(try guest.feedback.waitForEnd(of: id) == FeedbackEndReason.natural.rawValue) }
            let resident = guest.motor.residentEffects.count
            #expect(resident <= 6, "\(resident) effects resident after 200 triggers of two events")
            #expect(guest.motor.events.filter(Self.isUpload).count <= 6, "effects were uploaded per trigger")
            #expect(!guest.log.contains("No space"), "\(guest.log)")
        }

        /// A user theme where feedbackd keeps it (`$XDG_CONFIG_HOME/feedbackd/themes/default.json`)
        /// maps `button-pressed` to a rumble of its own, inheriting the rest from the default
        /// theme; SIGHUP reads it again, as feedbackd does.
        @Test func fbcliPlaysTheUserThemesEffect() throws {
            let configuration = try KernelGuest.scratchDirectory("service-theme").path
            let themes = configuration + "/feedbackd/themes"
            let file = themes + "/default.json"
            func writeTheme(rumble milliseconds: Int) throws {
                let theme = #"{ "name": "user-test", "parent-name": "default", "profiles": [ { "name": "quiet", "feedbacks": [ "#
                    + #"{ "event-name": "button-pressed", "type": "VibraRumble", "duration": \#(milliseconds) } ] } ] }"#
                let written = try ChildProcess.run("/bin/sh", ["-c", #"mkdir -p "$1" && printf '%s\n' "$2" > "$1/default.json""#, "sh", themes, theme])
                try #require(written.status == 0, "\(written.error)")
            }
            try writeTheme(rumble: 345)
            let guest = try ServiceGuest()
            try guest.start(environment: ["XDG_CONFIG_HOME": configuration])
            #expect(guest.log.contains("feedback theme \"user-test\" (\(file))"), "\(guest.log)")
            try expectRumble(of: 345, for: "button-pressed", in: guest)
            // The default theme's own events still play: the user theme's parent is ForceBridge's.
            let plays = guest.motor.playCount
            #expect(try guest.feedback.fbcli("message-new-instant").status == 0)
            #expect(guest.motor.waitUntilStarts(exceed: plays), "the inherited event did not play")

            try writeTheme(rumble: 456)
            guest.reload()
            #expect(waitUntil { guest.log.components(separatedBy: "feedback theme \"user-test\"").count == 3 }, "\(guest.log)")
            try expectRumble(of: 456, for: "button-pressed", in: guest)
        }

        /// `fbcli -E event` makes the motor play one rumble of `milliseconds`, and nothing else.
        private func expectRumble(of milliseconds: Int, for event: String, in guest: ServiceGuest) throws {
            let before = guest.motor.playedEffects.count
            let plays = guest.motor.playCount
            let client = try guest.feedback.fbcli(event)
            #expect(client.status == 0, "\(client.output)\(client.error)")
            #expect(guest.motor.waitUntilStarts(exceed: plays), "\(event) never reached the motor")
            let played = guest.motor.playedEffects.dropFirst(before).map { $0.effect.map { Int($0.length) } }
            #expect(played == [milliseconds], "\(event): \(played)")
        }

        @Test func leavesTheNameToFeedbackd() throws {
            let guest = try ServiceGuest()
            try guest.feedback.startDaemon()
            try guest.start()
            #expect(guest.log.contains("leaving it alone"), "\(guest.log)")
            let owner = try guest.bus.nameOwner(of: ServiceNames.feedbackName)
            let service = try guest.bus.nameOwner(of: ServiceNames.busName)
            #expect(owner != nil && owner != service)
            guest.stop()
            guest.feedback.stopDaemon()
        }
    }
}
