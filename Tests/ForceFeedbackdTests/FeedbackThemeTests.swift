import ForceCore
import Testing

@testable import ForceFeedbackd

/// Reading feedbackd's JSON themes: entries by profile, what each level plays, and inheritance.
@Suite struct FeedbackThemeTests {
    /// A theme in feedbackd 0.0.3's style (sound in full, vibration in quiet, LED in silent).
    static let phoneTheme = """
        {
          "name" : "phone",
          "profiles" : [
            { "name" : "full", "feedbacks" : [
                { "event-name" : "phone-incoming-call", "type" : "Sound", "effect" : "phone-incoming-call" },
                { "event-name" : "message-new-sms", "type" : "Sound", "effect" : "message-new-instant", "media-role" : "event" } ] },
            { "name" : "quiet", "feedbacks" : [
                { "event-name" : "phone-incoming-call", "type" : "VibraPeriodic", "duration" : 10000 },
                { "event-name" : "message-new-sms", "type" : "VibraRumble", "duration" : 500, "count" : 2, "pause" : 100 },
                { "event-name" : "button-pressed", "type" : "VibraRumble", "duration" : 15 },
                { "event-name" : "alarm-clock-elapsed", "type" : "VibraPeriodic", "magnitude" : 32767, "duration" : 10000,
                  "fade-in-time" : 10000, "fade-in-level" : 4096 } ] },
            { "name" : "silent", "feedbacks" : [
                { "event-name" : "phone-missed-call", "type" : "Led", "color" : "blue", "frequency" : 3000 } ] }
          ]
        }
        """

    @Test func readsEveryFeedbackTypeWithDefaults() throws {
        let theme = try FeedbackTheme(text: Self.phoneTheme)
        #expect(theme.name == "phone")
        #expect(theme.parentName == nil)
        #expect(theme.warnings.isEmpty)
        #expect(theme.entries[.full]?["message-new-sms"] == .sound(effect: "message-new-instant", mediaRole: "event"))
        #expect(theme.entries[.quiet]?["button-pressed"] == .rumble(VibraRumble(duration: 15)))
        #expect(theme.entries[.quiet]?["message-new-sms"] == .rumble(VibraRumble(duration: 500, count: 2, pause: 100)))
        #expect(theme.entries[.quiet]?["phone-incoming-call"] == .periodic(VibraPeriodic(duration: 10000)))
        // feedbackd 0.0.3 writes periodic levels on its 0...0x7FFF scale.
        let alarm = try #require(theme.entries[.quiet]?["alarm-clock-elapsed"])
        #expect(alarm == .periodic(VibraPeriodic(duration: 10000, magnitude: 1, fadeInTime: 10000, fadeInLevel: 4096.0 / 0x7FFF)))
        #expect(theme.entries[.silent]?["phone-missed-call"] == .led(color: "blue", frequency: 3000))
        #expect(theme.eventNames.count == 5)
    }

    @Test func eachProfilePlaysItsPartAndTheQuieterOnes() throws {
        let theme = try FeedbackTheme(text: Self.phoneTheme)
        #expect(theme.feedbacks(for: "phone-incoming-call", at: .full).map(\.typeName) == ["Sound", "VibraPeriodic"])
        #expect(theme.feedbacks(for: "phone-incoming-call", at: .quiet).map(\.typeName) == ["VibraPeriodic"])
        #expect(theme.feedbacks(for: "phone-incoming-call", at: .silent).isEmpty)
        #expect(theme.feedbacks(for: "phone-missed-call", at: .full).map(\.typeName) == ["Led"])
        #expect(theme.vibration(for: "message-new-sms", at: .full)?.typeName == "VibraRumble")
        #expect(theme.vibration(for: "message-new-sms", at: .silent) == nil)
        #expect(theme.feedbacks(for: "no-such-event", at: .full).isEmpty)
    }

    @Test func profilesAreOrderedFromSilentToFull() {
        #expect(FeedbackProfile.silent < .quiet && FeedbackProfile.quiet < .full)
        #expect(FeedbackProfile.full.includedProfiles == [.full, .quiet, .silent])
        #expect(FeedbackProfile.silent.includedProfiles == [.silent])
        #expect(FeedbackProfile(named: "loud") == nil)
    }

    @Test func aChildThemeOverridesAndInheritsPerProfileAndEvent() throws {
        let parent = try FeedbackTheme(text: Self.phoneTheme)
        let child = try FeedbackTheme(text: """
            { "name": "custom", "parent-name": "phone", "profiles": [
              { "name": "quiet", "feedbacks": [ { "event-name": "button-pressed", "type": "VibraRumble", "duration": 40 } ] } ] }
            """)
        #expect(child.parentName == "phone")
        let merged = child.inheriting(from: parent)
        #expect(merged.name == "custom")
        #expect(merged.entries[.quiet]?["button-pressed"] == .rumble(VibraRumble(duration: 40)))
        #expect(merged.entries[.quiet]?["message-new-sms"] == parent.entries[.quiet]?["message-new-sms"])
        #expect(merged.entries[.full] == parent.entries[.full])
        #expect(merged.parentName == nil)
    }

    @Test func hintsCanOnlyLowerTheLevelUnlessImportant() {
        #expect(FeedbackHints().effectiveProfile(global: .quiet) == .quiet)
        #expect(FeedbackHints(profile: .silent).effectiveProfile(global: .full) == .silent)
        #expect(FeedbackHints(profile: .full).effectiveProfile(global: .quiet) == .quiet)
        #expect(FeedbackHints().effectiveProfile(global: .full, application: .quiet) == .quiet)
        // An important event of an application allowed to send them plays at the hint's level.
        #expect(FeedbackHints(profile: .full, isImportant: true).effectiveProfile(global: .silent, mayBeImportant: true) == .full)
        #expect(FeedbackHints(profile: .full, isImportant: true).effectiveProfile(global: .silent) == .silent)
    }

    @Test func timeoutsAndEndReasonsAsOnTheBus() {
        #expect(FeedbackTimeout(-1) == .once)
        #expect(FeedbackTimeout(-7) == .once)
        #expect(FeedbackTimeout(0) == .endless)
        #expect(FeedbackTimeout(10) == .seconds(10))
        #expect(FeedbackTimeout(10).limit == 10 && FeedbackTimeout(0).limit == nil)
        #expect(!FeedbackTimeout(-1).repeats && FeedbackTimeout(0).repeats && FeedbackTimeout(3).repeats)
        #expect(FeedbackEndReason.notFound.rawValue == 0xFFFF_FFFF)
        #expect([FeedbackEndReason.natural, .expired, .explicit].map(\.rawValue) == [0, 1, 2])
    }
}
