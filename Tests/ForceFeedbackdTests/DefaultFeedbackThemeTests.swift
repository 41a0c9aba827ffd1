import ForceCore
import Testing

@testable import ForceFeedbackd

/// ForceBridge's default theme: it reads cleanly, covers the event naming specification, and
/// stays loadable by Debian's feedbackd 0.0.3.
@Suite struct DefaultFeedbackThemeTests {
    /// Every event name of feedbackd's event naming specification 0.0.0.
    static let specifiedEvents: Set<String> = [
        "alarm-clock-elapsed", "camera-focus", "camera-shutter", "phone-failure", "phone-hangup",
        "phone-incoming-call", "phone-missed-call", "phone-outgoing-busy", "timeout-completed",
        "message-sent-instant", "button-pressed", "button-released", "bell-terminal", "screen-capture",
        "theme-demo", "battery-low", "power-unplug-battery-low", "battery-caution", "battery-full",
        "device-added", "key-pressed", "key-released", "message-missed-email", "message-missed-instant",
        "message-missed-notification", "message-missed-sms", "message-new-cellbroadcast", "message-new-email",
        "message-new-instant", "message-new-sms", "notification-missed-generic", "notification-new-generic",
        "power-plug", "power-unplug", "window-close",
    ]

    @Test func readsWithoutWarnings() throws {
        let theme = try FeedbackTheme(text: DefaultFeedbackTheme.json)
        #expect(theme.warnings.isEmpty, "\(theme.warnings)")
        #expect(theme.name == DefaultFeedbackTheme.name)
        #expect(DefaultFeedbackTheme.theme == theme)
    }

    @Test func coversTheSpecificationButKeyReleases() throws {
        let theme = DefaultFeedbackTheme.theme
        #expect(theme.eventNames == Self.specifiedEvents.subtracting(["key-released"]))
        // Everything but the missed-event reminders (LED in silent) is felt in quiet and full.
        let felt = Set(theme.eventNames.filter { theme.vibration(for: $0, at: .quiet) != nil })
        #expect(felt == theme.eventNames.filter { !$0.contains("missed") || $0 == "phone-missed-call" })
        for event in felt {
            let vibration = try #require(theme.vibration(for: event, at: .full).flatMap(FeedbackVibration.init), "\(event)")
            #expect(!vibration.pattern.isEmpty, "\(event)")
            #expect(vibration.period > 0 && vibration.period <= 5, "\(event)")
            #expect(theme.vibration(for: event, at: .silent) == nil, "\(event) vibrates in silent")
        }
    }

    @Test func everyGeneratorEntryLastsAsLongAsItsPattern() throws {
        for (event, feedback) in DefaultFeedbackTheme.theme.entries[.quiet] ?? [:] {
            guard case .rumble(let rumble) = feedback, let generator = rumble.generator else { continue }
            let pattern = FeedbackVibration.pattern(of: generator).pattern
            #expect(Double(rumble.duration) / 1000 >= pattern.duration, "\(event): its duration is shorter than \(generator)")
        }
    }

    /// feedbackd 0.0.3 knows Sound, VibraRumble (duration, count, pause), VibraPeriodic (magnitude,
    /// duration, fade-in-*) and Led, and ignores other keys: the theme uses nothing else.
    @Test func staysWithinWhatFeedbackd003Reads() throws {
        for (_, events) in DefaultFeedbackTheme.theme.entries {
            for (event, feedback) in events {
                switch feedback {
                case .rumble, .periodic, .led: break
                default: Issue.record("\(event): \(feedback.typeName) is unknown to feedbackd 0.0.3")
                }
            }
        }
    }
}
