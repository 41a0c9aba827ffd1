import ForceBus
import ForceCore
import ForceDevices
import ForceTestSupport
import ForceFeedbackd
import Glibc
import Testing

extension SessionBusGuestTests {
    /// Debian's feedbackd in the guest drives a uinput motor: fbcli's events arrive as the theme's
    /// effects, EndFeedback stops an endless one, unknown events end at once, and feedbackd loads
    /// ForceBridge's default theme and plays its rumbles with the arithmetic ForceFeedbackd models.
    @Suite(.serialized, .feedbackdGuestOnly)
    struct SessionBusFeedbackdKernelTests {
        /// Debian's theme, read by ForceFeedbackd.
        static func debianTheme() throws -> FeedbackTheme {
            let result = try ChildProcess.run("/bin/cat", ["/usr/share/feedbackd/themes/default.json"])
            return try FeedbackTheme(text: result.output)
        }

        /// feedbackd 0.0.3 plays a `VibraRumble` as one `FF_RUMBLE` of strong 0x8000 per rumble.
        static func rumble(length: UInt32) -> HapticEffect {
            HapticEffect(kind: .rumble(strong: 0x8000, weak: 0), length: Int(length))
        }

        @Test func fbcliMakesTheMotorPlayTheThemesRumble() throws {
            let guest = try FeedbackdGuest()
            #expect(guest.isTaggedVibra, "udev did not tag \(guest.node) FEEDBACKD_TYPE=vibra")
            try guest.startDaemon()
            guard case .rumble(let rumble) = try #require(try Self.debianTheme().vibration(for: "button-pressed", at: .full)) else {
                Issue.record("Debian's theme has no rumble for button-pressed")
                return
            }
            let client = try guest.fbcli("button-pressed")
            #expect(client.status == 0, "\(client.output)\(client.error)")
            #expect(guest.motor.waitUntil { state in state.events.contains { if case .erase = $0.kind { return true } else { return false } } },
                    "the effect was never erased")
            #expect(guest.motor.playedEffects.map(\.effect) == [Self.rumble(length: rumble.rumbles.length)])
            #expect(guest.uploads == [Self.rumble(length: rumble.rumbles.length)], "one upload per trigger")
            #expect(guest.motor.residentEffects.isEmpty, "feedbackd left an effect behind")
        }

        @Test func endFeedbackStopsAnEndlessFeedback() throws {
            let guest = try FeedbackdGuest()
            try guest.startDaemon()
            let id = try guest.trigger("phone-incoming-call", timeout: 0)
            #expect(guest.motor.waitUntilStarts(exceed: 0), "the ring never started")
            try guest.end(id)
            #expect(try guest.waitForEnd(of: id) == FeedbackEndReason.explicit.rawValue)
            #expect(guest.motor.waitUntil { $0.residentEffects.isEmpty }, "the ring's effect was not erased")
            let stops = guest.motor.events.filter { if case .stop = $0.kind { return true } else { return false } }
            #expect(!stops.isEmpty, "the motor was never stopped")
        }

        @Test func unknownEventsEndAtOnceAsNotFound() throws {
            let guest = try FeedbackdGuest()
            try guest.startDaemon()
            let id = try guest.trigger("x-forcebridge-no-such-event")
            #expect(try guest.waitForEnd(of: id) == FeedbackEndReason.notFound.rawValue)
            // The silent profile has no vibration for a button press either.
            let silent = try guest.trigger("button-pressed", hints: ["profile": .string("silent")])
            #expect(try guest.waitForEnd(of: silent) == FeedbackEndReason.notFound.rawValue)
            #expect(guest.motor.playCount == 0)
        }

        @Test func feedbackdPlaysForceBridgesDefaultTheme() throws {
            let guest = try FeedbackdGuest()
            let file = "/tmp/forcebridge-theme-\(getpid()).json"
            let written = try ChildProcess.run("/bin/sh", ["-c", "cat > \(file) <<'THEME'\n\(DefaultFeedbackTheme.json)THEME\n"])
            try #require(written.status == 0)
            try guest.startDaemon(theme: file)
            let theme = DefaultFeedbackTheme.theme
            for event in ["button-pressed", "message-new-instant"] {
                guard case .rumble(let rumble) = theme.vibration(for: event, at: .full) else {
                    Issue.record("\(event) is not a rumble in the default theme")
                    continue
                }
                let before = guest.motor.playCount
                let id = try guest.trigger(event)
                #expect(try guest.waitForEnd(of: id) == FeedbackEndReason.natural.rawValue, "\(event)")
                let (length, _, count) = rumble.rumbles
                #expect(guest.motor.waitUntilStarts(exceed: before + Int(count) - 1), "\(event)")
                let played = guest.motor.playedEffects.dropFirst(before).map(\.effect)
                #expect(played == Array(repeating: Self.rumble(length: length), count: Int(count)), "\(event)")
            }
        }
    }
}
