import ForceCore
import Testing

/// AHAP files: Apple's structure decodes into patterns; problems name their line, column and element.
@Suite("Haptics: AHAP files")
struct AHAPDecodingTests {
    /// A spring-like pattern in the style of Apple's samples: a transient, a continuous event
    /// and two parameter curves, plus metadata and an audio event.
    static let spring = """
        {
          "Version": 1.0,
          "Metadata": { "Project": "ForceBridge", "Description": "a tap then a fading buzz" },
          "Pattern": [
            { "Event": { "Time": 0.0, "EventType": "HapticTransient",
                         "EventParameters": [ { "ParameterID": "HapticIntensity", "ParameterValue": 0.8 },
                                              { "ParameterID": "HapticSharpness", "ParameterValue": 0.4 } ] } },
            { "Event": { "Time": 0.015, "EventType": "HapticContinuous", "EventDuration": 0.25,
                         "EventParameters": [ { "ParameterID": "HapticIntensity", "ParameterValue": 0.8 },
                                              { "ParameterID": "HapticSharpness", "ParameterValue": 0.4 } ] } },
            { "ParameterCurve": { "ParameterID": "HapticIntensityControl", "Time": 0.015,
                                  "ParameterCurveControlPoints": [ { "Time": 0, "ParameterValue": 1 },
                                                                   { "Time": 0.1, "ParameterValue": 0.5 },
                                                                   { "Time": 0.25, "ParameterValue": 0.0 } ] } },
            { "Parameter": { "ParameterID": "HapticSharpnessControl", "Time": 0.1, "ParameterValue": -0.3 } },
            { "Event": { "Time": 0.0, "EventType": "AudioCustom", "EventWaveformPath": "boing.wav",
                         "EventParameters": [ { "ParameterID": "AudioVolume", "ParameterValue": 0.7 } ] } }
          ]
        }
        """

    @Test func appleStyleFileDecodes() throws {
        let document = try AHAPDocument(text: Self.spring)
        #expect(document.version == 1)
        #expect(document.pattern.events == [
            .transient(at: 0, intensity: 0.8, sharpness: 0.4),
            .continuous(at: 0.015, duration: 0.25, intensity: 0.8, sharpness: 0.4),
        ])
        #expect(document.pattern.parameterCurves.count == 2)
        #expect(document.pattern.parameterCurves[0].controlPoints.map(\.value) == [1, 0.5, 0])
        #expect(document.pattern.parameterCurves[1] == .step(.sharpnessControl, to: -0.3, at: 0.1))
        // The audio event is read and reported, not played.
        #expect(document.warnings.count == 1)
        #expect(document.warnings.first?.path == "Pattern[4].Event")
        #expect(document.warnings.first?.location == TextPosition(line: 16, column: 16))
    }

    @Test func missingValuesTakeCoreHapticsDefaults() throws {
        let document = try AHAPDocument(text: #"{"Pattern":[{"Event":{"EventType":"HapticTransient"}}]}"#)
        #expect(document.version == nil)
        #expect(document.pattern.events == [.transient(at: 0, intensity: 1, sharpness: 0.5)])
        #expect(document.warnings.isEmpty)
    }

    @Test func outOfRangeValuesAreClampedWithAWarning() throws {
        let document = try AHAPDocument(text: #"{"Pattern":[{"Event":{"EventType":"HapticTransient","EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":1.5}]}}]}"#)
        #expect(document.pattern.events.first?.intensity == 1)
        #expect(document.warnings.first?.message.contains("clamped to 1") == true)
    }

    @Test func unknownKeysAndEnvelopeParametersAreIgnoredWithWarnings() throws {
        let document = try AHAPDocument(text: """
            {"Version": 2, "Pattern": [{"Event": {"EventType": "HapticContinuous", "EventDuration": 1, "Tim": 3,
              "EventParameters": [{"ParameterID": "AttackTime", "ParameterValue": 0.2}, {"ParameterID": "Sustained", "ParameterValue": true}]}},
              {"Parameter": {"ParameterID": "HapticReleaseTimeControl", "Time": 0, "ParameterValue": 0.1}}]}
            """)
        #expect(document.pattern.events == [.continuous(at: 0, duration: 1)])
        #expect(document.warnings.map(\.path) == ["Pattern[0].Event.Tim", "Pattern[0].Event.EventParameters[0]", "Pattern[0].Event.EventParameters[1]", "Pattern[1].Parameter"])
        #expect(document.warnings[0].location == TextPosition(line: 1, column: 92))
    }

    /// A continuous event lasting 1e300 s under a sloped curve crashed rendering (its pieces
    /// overflowed an Int); 100,000 s took seconds. Core Haptics' events last at most 30 s.
    @Test func anOverlongEventIsClampedTo30SecondsWithAWarningAndRenders() throws {
        let document = try AHAPDocument(text: """
            {"Pattern": [{"Event": {"EventType": "HapticContinuous", "EventDuration": 1e300}},
             {"ParameterCurve": {"ParameterID": "HapticIntensityControl",
              "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 1}, {"Time": 1e300, "ParameterValue": 0}]}}]}
            """)
        #expect(document.pattern.events == [.continuous(at: 0, duration: 30)])
        #expect(document.warnings.map(\.description) == ["1:75: Pattern[0].Event.EventDuration: 1e+300 s is longer than an event may last (30.0 s, as in Core Haptics); clamped to 30.0 s"])
        let capabilities = HapticCapabilities(supportsRumble: true, supportsPeriodic: false, supportsGain: true, effectSlots: 16)
        let effects = try HapticRenderer(capabilities: capabilities, tuning: .standard(for: capabilities)).render(document.pattern, maximumEffects: 16)
        #expect(effects.map(\.end).max() == 30_000)
    }

    static let malformed: [(name: String, text: String, expected: String)] = [
        ("empty", "", "1:1: the file is empty; expected a JSON object"),
        ("missing comma", "{\"Version\": 1\n \"Pattern\": []}", "2:2: unexpected '\"'; expected ',' or '}' after the value of \"Version\""),
        ("comment", "{ // haptics\n}", "1:3: unexpected '/' (comments are not allowed in JSON); expected a key in double quotes"),
        ("unterminated string", "{\"Pattern\": [{\"Event\": {\"EventType\": \"HapticTransient}}]}", "1:38: unterminated string (no closing '\"')"),
        ("invalid escape", "{\"Pattern\": [], \"a\\q\": 1}", "1:19: invalid escape sequence '\\q' in a string"),
        // Found by fuzzing: the byte after the backslash was shown raw, breaking the message's line.
        ("backslash before a newline", "{\"Pattern\": [], \"a\\\n\": 1}", "1:19: invalid escape sequence '\\' followed by byte 0xa in a string"),
        ("leading zero", "{\"Version\": 01, \"Pattern\": []}", "1:13: invalid number: leading zeros are not allowed in JSON"),
        ("single quotes", "{'Pattern': []}", "1:2: unexpected \"'\" (JSON strings use double quotes); expected a key in double quotes"),
        ("two values", "{\"Pattern\": []} {}", "1:17: unexpected '{' after the end of the JSON value"),
        ("duplicate key", "{\"Pattern\": [], \"Pattern\": []}", "1:17: the key \"Pattern\" appears twice in the same object"),
        ("top level array", "[]", "1:1: the top level is an array; expected an object with a \"Pattern\" array"),
        ("no pattern", "{\"Version\": 1}", "1:1: no \"Pattern\" key; an AHAP file is {\"Version\": 1.0, \"Pattern\": [ {\"Event\": {...}}, ... ]}"),
        ("pattern not array", "{\"Pattern\": {}}", "1:13: Pattern: is an object; expected an array of events and parameters"),
        ("misspelled event type", "{\"Pattern\": [\n {\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransent\"}}]}",
         "2:37: Pattern[0].Event.EventType: \"HapticTransent\" is not an event type; expected one of HapticTransient, HapticContinuous, AudioContinuous, AudioCustom"),
        ("no event type", "{\"Pattern\": [{\"Event\": {\"Time\": 0}}]}", "1:24: Pattern[0].Event: has no \"EventType\"; expected one of HapticTransient, HapticContinuous, AudioContinuous, AudioCustom"),
        ("time as string", "{\"Pattern\": [{\"Event\": {\"Time\": \"0.5\", \"EventType\": \"HapticTransient\"}}]}",
         "1:33: Pattern[0].Event.Time: is the string \"0.5\"; expected a number"),
        ("negative time", "{\"Pattern\": [{\"Event\": {\"Time\": -1, \"EventType\": \"HapticTransient\"}}]}",
         "1:33: Pattern[0].Event.Time: is -1.0; times and durations must not be negative"),
        ("continuous without duration", "{\"Pattern\": [{\"Event\": {\"EventType\": \"HapticContinuous\"}}]}",
         "1:24: Pattern[0].Event: a HapticContinuous event needs an \"EventDuration\" (seconds)"),
        ("unknown parameter", "{\"Pattern\": [{\"Event\": {\"EventType\": \"HapticTransient\", \"EventParameters\": [{\"ParameterID\": \"HapticIntensty\", \"ParameterValue\": 1}]}}]}",
         "1:93: Pattern[0].Event.EventParameters[0].ParameterID: \"HapticIntensty\" is not an event parameter; expected one of HapticIntensity, HapticSharpness, AttackTime, DecayTime, ReleaseTime, Sustained, AudioVolume, AudioPitch, AudioPan, AudioBrightness"),
        ("curve out of order", "{\"Pattern\": [{\"ParameterCurve\": {\"ParameterID\": \"HapticIntensityControl\", \"Time\": 0, \"ParameterCurveControlPoints\": [{\"Time\": 0.5, \"ParameterValue\": 1}, {\"Time\": 0.2, \"ParameterValue\": 0}]}}]}",
         "1:163: Pattern[0].ParameterCurve.ParameterCurveControlPoints[1].Time: 0.2 comes before the previous point's 0.5; control points must be in time order"),
        ("too late", "{\"Pattern\": [{\"Event\": {\"Time\": 4000, \"EventType\": \"HapticTransient\"}}]}",
         "1:24: Pattern[0].Event: starts at 4000.0 s; ForceBridge plays patterns whose events start within 3600.0 s"),
        ("entry without event", "{\"Pattern\": [{\"Evnt\": {}}]}", "1:14: Pattern[0]: has no \"Event\", \"Parameter\" or \"ParameterCurve\""),
    ]

    @Test("a malformed file names the problem with its line and column", arguments: malformed.indices)
    func malformedFile(index: Int) {
        let (name, text, expected) = Self.malformed[index]
        do {
            _ = try AHAPDocument(text: text)
            Issue.record("\(name): decoded without error")
        } catch {
            #expect(error.description == expected, "\(name)")
            #expect(error.inFile("p.ahap").description == "p.ahap:" + expected, "\(name)")
        }
    }

    @Test func escapesAndUnicodeInStringsDecode() throws {
        let document = try AHAPDocument(text: #"{"Metadata": {"Project": "caf\u00e9 \ud83d\ude00 \"q\" \n"}, "Pattern": []}"#)
        #expect(document.pattern.isEmpty)
        let bom = try AHAPDocument(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"Pattern": []}"#.utf8))
        #expect(bom.pattern.isEmpty)
    }

    @Test func deepNestingIsRefusedWithoutCrashing() {
        let text = "{\"Pattern\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(throws: AHAPError.self) { try AHAPDocument(text: text) }
    }
}
