import ForceCore
import Testing

@testable import ForceFeedbackd

/// Malformed themes: errors that say where (line and column) and what was expected; things
/// feedbackd skips are skipped with a warning; no input crashes the reader.
@Suite struct FeedbackThemeErrorTests {
    func error(_ text: String) throws -> FeedbackThemeError {
        try #require(throws: FeedbackThemeError.self) { try FeedbackTheme(text: text) }
    }

    func entry(_ body: String) -> String {
        """
        {
          "name": "t",
          "profiles": [
            { "name": "quiet", "feedbacks": [
              { "event-name": "button-pressed", \(body) }
            ] }
          ]
        }
        """
    }

    @Test func syntaxErrorsPointAtTheCharacter() throws {
        let failure = try error("{\n  \"name\": \"t\",\n  \"profiles\": [],\n}")
        #expect(failure.location == TextPosition(line: 4, column: 1))
        #expect(failure.message.contains("trailing comma"))
        #expect(failure.inFile("custom.json").description.hasPrefix("custom.json:4:1: "))
    }

    @Test func wrongValueTypesNameTheElement() throws {
        let failure = try error(entry(#""type": "VibraRumble", "duration": "15""#))
        #expect(failure.path == "profiles[0].feedbacks[0].duration")
        #expect(failure.location == TextPosition(line: 5, column: 76))
        #expect(failure.message == "is the string \"15\"; expected a whole number of milliseconds")
        #expect(failure.description == "5:76: profiles[0].feedbacks[0].duration: is the string \"15\"; expected a whole number of milliseconds")
    }

    @Test func outOfRangeNumbersAreRefused() throws {
        #expect(try error(entry(#""type": "VibraRumble", "duration": -5"#)).message.contains("whole number from 0"))
        #expect(try error(entry(#""type": "VibraRumble", "duration": 1.5"#)).message.contains("whole number from 0"))
        #expect(try error(entry(#""type": "VibraRumble", "magnitude": 2"#)).message == "is 2.0; expected a number from 0 to 1")
        #expect(try error(entry(#""type": "VibraPeriodic", "magnitude": 70000"#)).message.contains("0 to 32767"))
        #expect(try error(entry(#""type": "VibraRumble", "count": 5000"#)).message.contains("at most 1000"))
    }

    @Test func missingRequiredKeysAreNamed() throws {
        #expect(try error(#"{"name": "t"}"#).message.hasPrefix("no \"profiles\" key"))
        #expect(try error(#"{"profiles": [{"feedbacks": []}]}"#).message.contains("has no \"name\""))
        let noType = try error(entry(#""duration": 5"#))
        #expect(noType.path == "profiles[0].feedbacks[0]" && noType.message.hasPrefix("has no \"type\""))
        let noEvent = try error(#"{"profiles": [{"name": "quiet", "feedbacks": [{"type": "VibraRumble"}]}]}"#)
        #expect(noEvent.message == "has no \"event-name\"")
        #expect(try error(entry(#""type": "VibraPattern", "magnitudes": [1]"#)).message.contains("needs \"magnitudes\" and \"durations\""))
        #expect(try error("[1, 2]").message.hasPrefix("is an array; expected a theme object"))
    }

    @Test func patternArraysMustPairUp() throws {
        let failure = try error(entry(#""type": "VibraPattern", "magnitudes": [1, 0.5], "durations": [10]"#))
        #expect(failure.path == "profiles[0].feedbacks[0].durations")
        #expect(failure.message == "has 1 elements but \"magnitudes\" has 2; they pair up one to one")
    }

    @Test func unknownForceBridgeFeedbacksAreErrors() throws {
        let failure = try error(entry(#""type": "VibraRumble", "x-forcebridge-feedback": "impact-huge""#))
        #expect(failure.message.hasPrefix("\"impact-huge\" is not a ForceBridge feedback; expected one of impact-light"))
    }

    @Test func whatFeedbackdSkipsIsSkippedWithAWarning() throws {
        let theme = try FeedbackTheme(text: """
            {
              "name": "t", "author": "me",
              "profiles": [
                { "name": "loud", "feedbacks": [ { "event-name": "a", "type": "VibraRumble" } ] },
                { "name": "quiet", "feedbacks": [
                  { "event-name": "a", "type": "VibraRumble", "duraton": 5 },
                  { "event-name": "b", "type": "Vibra" },
                  { "event-name": "a", "type": "VibraRumble", "duration": 9 }
                ] }
              ]
            }
            """)
        #expect(theme.warnings.map(\.description) == [
            "2:16: unknown key \"author\" ignored",
            "4:5: profiles[0]: the profile \"loud\" is not full, quiet or silent; skipped",
            "6:51: profiles[1].feedbacks[0]: unknown key \"duraton\" ignored",
            "7:36: profiles[1].feedbacks[1].type: \"Vibra\" is not a feedback type (Led, Sound, VibraPattern, VibraPeriodic, VibraRumble); skipped",
            "8:7: profiles[1].feedbacks[2]: \"a\" is listed twice in the quiet profile; this later entry counts",
        ])
        #expect(theme.entries[.quiet]?["a"] == .rumble(VibraRumble(duration: 9)))
        #expect(theme.entries[.quiet]?["b"] == nil)
        #expect(theme.entries[.full] == nil)
    }

    /// Every prefix of a valid theme, and the theme with each byte changed, is read or refused,
    /// never crashes.
    @Test func noInputCrashesTheReader() {
        let valid = Array(DefaultFeedbackTheme.json.utf8)
        var refused = 0
        for length in stride(from: 0, to: valid.count, by: 7) {
            if (try? FeedbackTheme(bytes: Array(valid.prefix(length)))) == nil { refused += 1 }
        }
        #expect(refused > 0)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var bytes = valid
            bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            _ = try? FeedbackTheme(bytes: bytes)
        }
        _ = try? FeedbackTheme(bytes: [])
        _ = try? FeedbackTheme(bytes: Array(repeating: UInt8(ascii: "["), count: 10_000))
    }
}
