/// ForceBridge's own feedback theme, in feedbackd's format: every event name of feedbackd's
/// event naming specification (0.0.0) that should be felt gets a vibration in the `quiet`
/// profile (so `full` has it too), most of them one of ForceBridge's feedbacks
/// (`x-forcebridge-feedback`) tuned to the device; the missed-event reminders get feedbackd's
/// LED blinks in `silent` (ForceBridge drives no LED). `key-released` is left silent on
/// purpose: typing ticks once per key, on the press.
///
/// The plain keys (`duration`, `count`, `pause`, `magnitude`, `fade-in-*`) say the same in
/// feedbackd 0.0.3's terms, so Debian's feedbackd loads this file too (`FEEDBACK_THEME=…`) and
/// plays comparable vibrations: the benchmark runs both on the same theme.
public enum DefaultFeedbackTheme {
    /// The theme's name.
    public static let name = "forcebridge"

    /// The parsed theme.
    public static var theme: FeedbackTheme {
        // The text is part of the program and covered by tests: it always parses.
        (try? FeedbackTheme(text: json)) ?? FeedbackTheme(name: name, entries: [:])
    }

    /// The JSON text.
    public static let json = """
        {
          "name": "forcebridge",
          "profiles": [
            {
              "name": "quiet",
              "feedbacks": [
                { "event-name": "button-pressed", "type": "VibraRumble", "duration": 28, "x-forcebridge-feedback": "impact-light" },
                { "event-name": "button-released", "type": "VibraRumble", "duration": 20, "x-forcebridge-feedback": "selection" },
                { "event-name": "key-pressed", "type": "VibraRumble", "duration": 20, "x-forcebridge-feedback": "selection" },
                { "event-name": "window-close", "type": "VibraRumble", "duration": 30, "x-forcebridge-feedback": "impact-medium" },
                { "event-name": "bell-terminal", "type": "VibraRumble", "duration": 34, "x-forcebridge-feedback": "impact-heavy" },
                { "event-name": "camera-focus", "type": "VibraRumble", "duration": 20, "x-forcebridge-feedback": "selection" },
                { "event-name": "camera-shutter", "type": "VibraRumble", "duration": 21, "x-forcebridge-feedback": "impact-rigid" },
                { "event-name": "screen-capture", "type": "VibraRumble", "duration": 21, "x-forcebridge-feedback": "impact-rigid" },
                { "event-name": "device-added", "type": "VibraRumble", "duration": 30, "x-forcebridge-feedback": "impact-medium" },
                { "event-name": "power-plug", "type": "VibraRumble", "duration": 30, "x-forcebridge-feedback": "impact-medium" },
                { "event-name": "power-unplug", "type": "VibraRumble", "duration": 38, "x-forcebridge-feedback": "impact-soft" },
                { "event-name": "message-sent-instant", "type": "VibraRumble", "duration": 38, "x-forcebridge-feedback": "impact-soft" },
                { "event-name": "message-new-instant", "type": "VibraRumble", "duration": 260, "count": 2, "pause": 100, "x-forcebridge-feedback": "notification-success" },
                { "event-name": "message-new-sms", "type": "VibraRumble", "duration": 260, "count": 2, "pause": 100, "x-forcebridge-feedback": "notification-success" },
                { "event-name": "notification-new-generic", "type": "VibraRumble", "duration": 260, "count": 2, "pause": 100, "x-forcebridge-feedback": "notification-success" },
                { "event-name": "timeout-completed", "type": "VibraRumble", "duration": 260, "count": 2, "pause": 100, "x-forcebridge-feedback": "notification-success" },
                { "event-name": "battery-full", "type": "VibraRumble", "duration": 260, "count": 2, "pause": 100, "x-forcebridge-feedback": "notification-success" },
                { "event-name": "message-new-email", "type": "VibraRumble", "duration": 600, "count": 3, "pause": 120 },
                { "event-name": "theme-demo", "type": "VibraRumble", "duration": 600, "count": 3, "pause": 120 },
                { "event-name": "message-new-cellbroadcast", "type": "VibraRumble", "duration": 360, "count": 2, "pause": 150, "x-forcebridge-feedback": "notification-warning" },
                { "event-name": "phone-hangup", "type": "VibraRumble", "duration": 360, "count": 2, "pause": 150, "x-forcebridge-feedback": "notification-warning" },
                { "event-name": "phone-missed-call", "type": "VibraRumble", "duration": 360, "count": 2, "pause": 150, "x-forcebridge-feedback": "notification-warning" },
                { "event-name": "battery-caution", "type": "VibraRumble", "duration": 360, "count": 2, "pause": 150, "x-forcebridge-feedback": "notification-warning" },
                { "event-name": "battery-low", "type": "VibraRumble", "duration": 360, "count": 2, "pause": 150, "x-forcebridge-feedback": "notification-warning" },
                { "event-name": "power-unplug-battery-low", "type": "VibraRumble", "duration": 360, "count": 2, "pause": 150, "x-forcebridge-feedback": "notification-warning" },
                { "event-name": "phone-failure", "type": "VibraRumble", "duration": 280, "count": 4, "pause": 46, "x-forcebridge-feedback": "notification-error" },
                { "event-name": "phone-outgoing-busy", "type": "VibraRumble", "duration": 280, "count": 4, "pause": 46, "x-forcebridge-feedback": "notification-error" },
                { "event-name": "phone-incoming-call", "type": "VibraRumble", "duration": 2000, "count": 2, "pause": 500, "magnitude": 0.8 },
                { "event-name": "alarm-clock-elapsed", "type": "VibraPeriodic", "duration": 5000, "magnitude": 1.0, "fade-in-time": 3000, "fade-in-level": 0.3 }
              ]
            },
            {
              "name": "silent",
              "feedbacks": [
                { "event-name": "message-missed-email", "type": "Led", "color": "blue", "frequency": 2000 },
                { "event-name": "message-missed-instant", "type": "Led", "color": "blue", "frequency": 1000 },
                { "event-name": "message-missed-notification", "type": "Led", "color": "blue", "frequency": 500 },
                { "event-name": "message-missed-sms", "type": "Led", "color": "blue", "frequency": 2000 },
                { "event-name": "notification-missed-generic", "type": "Led", "color": "blue", "frequency": 500 }
              ]
            }
          ]
        }

        """
}
