import ForceCore
import Testing

/// AHAP files as Core Haptics reads them: a trailing comma before `}` or `]` is accepted with a
/// warning naming its line, column and element; everything else JSON forbids stays an error.
@Suite("Haptics: AHAP trailing commas")
struct AHAPTrailingCommaTests {
    /// A file in the shape of Apple's documented examples (metadata, transients, a continuous
    /// event shaped by a parameter curve), written the way hand-edited samples often are: with
    /// trailing commas after the last member or element.
    static let doubleKnock = """
        {
            "Version": 1.0,
            "Metadata": {
                "Project": "ForceBridge",
                "Description": "Two knocks, then a rumble that fades out.",
            },
            "Pattern": [
                {
                    "Event": {
                        "Time": 0.0,
                        "EventType": "HapticTransient",
                        "EventParameters": [
                            { "ParameterID": "HapticIntensity", "ParameterValue": 1.0 },
                            { "ParameterID": "HapticSharpness", "ParameterValue": 0.7 },
                        ],
                    },
                },
                {
                    "Event": {
                        "Time": 0.12,
                        "EventType": "HapticTransient",
                        "EventParameters": [ { "ParameterID": "HapticIntensity", "ParameterValue": 0.6 } ]
                    }
                },
                {
                    "Event": { "Time": 0.3, "EventType": "HapticContinuous", "EventDuration": 0.5 }
                },
                {
                    "ParameterCurve": {
                        "ParameterID": "HapticIntensityControl",
                        "Time": 0.3,
                        "ParameterCurveControlPoints": [
                            { "Time": 0.0, "ParameterValue": 1.0 },
                            { "Time": 0.5, "ParameterValue": 0.0, }
                        ]
                    }
                },
            ],
        }
        """

    /// `text` without the commas that come right before a `}` or `]`.
    static func removingTrailingCommas(_ text: String) -> String {
        let characters = Array(text)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character == "," {
                let next = characters[(index + 1)...].first { !$0.isWhitespace }
                if next == "}" || next == "]" { continue }
            }
            result.append(character)
        }
        return result
    }

    @Test func aFileWithTrailingCommasDecodesAsWithoutThem() throws {
        let lenient = try AHAPDocument(text: Self.doubleKnock)
        let strict = try AHAPDocument(text: Self.removingTrailingCommas(Self.doubleKnock))
        #expect(strict.warnings.isEmpty)
        #expect(lenient.pattern == strict.pattern)
        #expect(lenient.version == 1)
        #expect(lenient.pattern.events == [
            .transient(at: 0, intensity: 1, sharpness: 0.7),
            .transient(at: 0.12, intensity: 0.6, sharpness: 0.5),
            .continuous(at: 0.3, duration: 0.5),
        ])
        #expect(lenient.pattern.parameterCurves.count == 1)
    }

    @Test func eachTrailingCommaIsAWarningWithItsLineColumnAndElement() throws {
        let document = try AHAPDocument(text: Self.doubleKnock)
        let accepted = "accepted as Core Haptics accepts it (strict JSON readers reject it)"
        #expect(document.warnings.map(\.description) == [
            "5:67: Metadata: trailing comma before '}'; \(accepted)",
            "14:80: Pattern[0].Event.EventParameters: trailing comma before ']'; \(accepted)",
            "15:18: Pattern[0].Event: trailing comma before '}'; \(accepted)",
            "16:14: Pattern[0]: trailing comma before '}'; \(accepted)",
            "34:57: Pattern[3].ParameterCurve.ParameterCurveControlPoints[1]: trailing comma before '}'; \(accepted)",
            "37:10: Pattern: trailing comma before ']'; \(accepted)",
            "38:6: trailing comma before '}'; \(accepted)",
        ])
    }

    @Test func otherWarningsStayAndAllComeInFileOrder() throws {
        let document = try AHAPDocument(text: """
            {"Pattern": [
              {"Event": {"EventType": "AudioCustom", "EventWaveformPath": "knock.wav",},},
              {"Event": {"EventType": "HapticTransient", "Tiem": 0.1, "EventParameters": [
                {"ParameterID": "HapticIntensity", "ParameterValue": 2.5},
              ]}},
            ], "Author": "me",}
            """)
        #expect(document.pattern.events == [.transient(at: 0, intensity: 1, sharpness: 0.5)])
        #expect(document.warnings.map { "\($0.location) \($0.path)" } == [
            "2:13 Pattern[0].Event",
            "2:74 Pattern[0].Event",
            "2:76 Pattern[0]",
            "3:46 Pattern[1].Event.Tiem",
            "4:58 Pattern[1].Event.EventParameters[0].ParameterValue",
            "4:62 Pattern[1].Event.EventParameters",
            "5:6 Pattern",
            "6:4 Author",
            "6:18 ",
        ])
        #expect(document.warnings[0].message == "AudioCustom is an audio event; ForceBridge plays haptics only, ignored")
        #expect(document.warnings[4].message == "2.5 is outside 0.0...1.0; clamped to 1.0")
    }

    static let stillMalformed: [(name: String, text: String, expected: String)] = [
        ("comma alone in an array", "{\"Pattern\": [,]}", "1:14: unexpected ','; expected a value (object, array, string, number, true, false or null)"),
        ("comma alone in an object", "{,}", "1:2: unexpected ','; expected a key in double quotes"),
        ("two commas in an array", "{\"Pattern\": [{\"Event\": {\"EventType\": \"HapticTransient\"}},,]}",
         "1:58: unexpected ','; expected a value (object, array, string, number, true, false or null)"),
        ("two commas in an object", "{\"Pattern\": [],\n ,}", "2:2: unexpected ','; expected a key in double quotes"),
        ("comma after the top level", "{\"Pattern\": []},", "1:16: unexpected ',' after the end of the JSON value"),
        ("comma instead of a value", "{\"Pattern\": ,}", "1:13: unexpected ','; expected a value (object, array, string, number, true, false or null)"),
        ("missing comma", "{\"Pattern\": [{\"Event\": {\"EventType\": \"HapticTransient\"}} {}]}",
         "1:58: unexpected '{'; expected ',' or ']' after an array element"),
    ]

    @Test("everything else JSON forbids stays an error", arguments: stillMalformed.indices)
    func stillMalformedFile(index: Int) {
        let (name, text, expected) = Self.stillMalformed[index]
        #expect(throws: AHAPError.self, "\(name)") { try AHAPDocument(text: text) }
        do {
            _ = try AHAPDocument(text: text)
        } catch {
            #expect(error.description == expected, "\(name)")
        }
    }

    @Test func keysAndStringsFromTheFileAreEscapedSoMessagesStayOnOneLine() throws {
        let document = try AHAPDocument(text: #"{"Pattern": [], "Pat\ntern\u0001": 1}"#)
        #expect(document.warnings.map(\.description) == [#"1:17: Pat\ntern\u0001: unknown key "Pat\ntern\u0001"; ignored"#])
        let error = #expect(throws: AHAPError.self) {
            try AHAPDocument(text: #"{"Pattern": [{"Event": {"EventType": "Haptic\"Transient\"\n"}}]}"#)
        }
        #expect(error?.description.hasPrefix(#"1:38: Pattern[0].Event.EventType: "Haptic\"Transient\"\n" is not an event type"#) == true)
    }
}
