import ForceTestSupport
import Foundation
import ForceSettings
import Testing

/// Every mistake in a profile file names the file, the setting's key path and what was expected.
@Suite("Profile files: errors")
struct ProfileErrorTests {
    private func error(_ json: String) -> String? {
        do {
            _ = try ProfileStore.parse(Data(json.utf8), path: file)
            return nil
        } catch {
            return error.description
        }
    }

    private func profile(_ body: String) -> String { #"{"profiles": [{"match": {}}, {"# + body + "}]}" }

    private let file = "/home/u/.config/forcebridge/profiles.json"

    /// `FILE:1:COLUMN: ` where `marker` starts in the one-line file `json` (its `occurrence`th
    /// appearance, from 1).
    private func at(_ marker: String, in json: String, occurrence: Int = 1) -> String {
        var searched = json[...]
        var column = 0
        for _ in 0..<occurrence {
            guard let range = searched.range(of: marker) else { return "\(marker) is not in \(json)" }
            column = json.utf8.distance(from: json.startIndex, to: range.lowerBound) + 1
            searched = json[range.upperBound...]
        }
        return "\(file):1:\(column): "
    }

    /// The error of the profile with `body`, which must be at `marker` and read `rest` after it.
    private func expectError(_ body: String, at marker: String, occurrence: Int = 1, _ rest: String,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        let json = profile(body)
        #expect(error(json) == at(marker, in: json, occurrence: occurrence) + rest, sourceLocation: sourceLocation)
    }

    @Test func invalidJSONSaysWhereAndWhatWasExpected() throws {
        #expect(error(#"{"profiles": [}"#) == "\(file):1:15: unexpected '}'; expected a value (object, array, string, number, true, false or null)")
        #expect(error("{\"profiles\": [],\n}") == "\(file):2:1: a trailing comma before '}' is not allowed in JSON")
        #expect(error("") == "\(file):1:1: the file is empty; expected a JSON object")
        #expect(error(#"{"profiles": [{"match": {}, "match": {}}]}"#) == "\(file):1:29: the key \"match\" appears twice in the same object")
    }

    /// Found by fuzzing: a key with a newline in it broke the message over two lines.
    @Test func controlCharactersFromTheFileAreEscapedSoTheMessageStaysOnOneLine() {
        expectError(#""match": {}, "thresholds": {"hys\nteresis": 1}"#, at: #""hys"#,
                    "profiles[1].thresholds.hys\\nteresis: unknown setting; expected one of begin, commitEnd, hysteresis, previewEnd")
        expectError(#""match": {}, "curve": "li\tnear""#, at: #""li"#,
                    "profiles[1].curve: expected \"linear\", {\"gamma\": G} or {\"bezier\": [x1, y1, x2, y2]}, found li\\tnear")
    }

    @Test func missingProfilesArray() {
        #expect(error(#"{"profile": []}"#) == "\(file):1:1: expected an object with a \"profiles\" array")
        #expect(error(#"[1, 2]"#) == "\(file):1:1: expected an object with a \"profiles\" array, found [1,2]")
    }

    @Test func profilesIsNotAnArray() {
        #expect(error(#"{"profiles": {}}"#) == "\(file):1:14: profiles: expected an array of profiles, found {}")
    }

    @Test func profileIsNotAnObject() {
        #expect(error(#"{"profiles": [{"match": {}}, 3]}"#) == "\(file):1:30: profiles[1]: expected an object, found 3")
    }

    @Test func unknownSetting() {
        expectError(#""match": {}, "averagePresure": 3"#, at: #""averagePresure""#, "profiles[1].averagePresure: unknown setting; expected one of averageContactSize, averageContactSizeFraction, averagePressure, averagePressureFraction, comment, contactSizeCurve, curve, estimateForceFromContactSize, forceSource, learnsRestingOffset, match, restingContactSize, restingOffset, sensitivity, thresholds, tipDown, tipUp, touchDuration, twin, twinFull, twinTip")
        // The first unknown key in the file's order.
        expectError(#""match": {}, "zz": 1, "aa": 2"#, at: #""zz""#, "profiles[1].zz: unknown setting; expected one of averageContactSize, averageContactSizeFraction, averagePressure, averagePressureFraction, comment, contactSizeCurve, curve, estimateForceFromContactSize, forceSource, learnsRestingOffset, match, restingContactSize, restingOffset, sensitivity, thresholds, tipDown, tipUp, touchDuration, twin, twinFull, twinTip")
    }

    @Test func missingMatch() {
        expectError(#""averagePressure": 3"#, at: "{", occurrence: 4, "profiles[1].match: expected an object with name, bus, vendor and/or product")
        expectError(#""match": "Wacom""#, at: #""Wacom""#, "profiles[1].match: expected an object with name, bus, vendor and/or product, found Wacom")
    }

    @Test func badMatchFields() {
        expectError(#""match": {"name": 3}"#, at: "3", "profiles[1].match.name: expected a string, found 3")
        expectError(#""match": {"vendor": "wacom"}"#, at: #""wacom""#, "profiles[1].match.vendor: expected a hex id string such as \"056a\", found wacom")
        expectError(#""match": {"product": 855}"#, at: "855", "profiles[1].match.product: expected a hex id string such as \"056a\", found 855")
        expectError(#""match": {"bus": "10000"}"#, at: #""10000""#, "profiles[1].match.bus: expected a hex id string such as \"056a\", found 10000")
        expectError(#""match": {"serial": "1"}"#, at: #""serial""#, "profiles[1].match.serial: unknown match field; expected name, bus, vendor or product")
    }

    @Test func numbersMustBeNumbers() {
        expectError(#""match": {}, "averagePressure": "high""#, at: #""high""#, "profiles[1].averagePressure: expected a number, found high")
        expectError(#""match": {}, "restingOffset": true"#, at: "true", "profiles[1].restingOffset: expected a number, found true")
    }

    @Test func numbersMustBeInRange() {
        expectError(#""match": {}, "averagePressureFraction": 1.5"#, at: "1.5", "profiles[1].averagePressureFraction: expected a number in 0.001...1.0, found 1.5")
        expectError(#""match": {}, "averagePressureFraction": 0"#, at: "0", "profiles[1].averagePressureFraction: expected a number in 0.001...1.0, found 0.0")
        expectError(#""match": {}, "tipDown": -0.1"#, at: "-0.1", "profiles[1].tipDown: expected a number in 0.0...1.0, found -0.1")
        expectError(#""match": {}, "tipUp": 2"#, at: "2", "profiles[1].tipUp: expected a number in 0.0...1.0, found 2.0")
    }

    @Test func flagsMustBeBooleans() {
        expectError(#""match": {}, "learnsRestingOffset": "yes""#, at: #""yes""#, "profiles[1].learnsRestingOffset: expected true or false, found yes")
        expectError(#""match": {}, "learnsRestingOffset": 1"#, at: "1", "profiles[1].learnsRestingOffset: expected true or false, found 1")
        expectError(#""match": {}, "estimateForceFromContactSize": 0"#, at: "0", "profiles[1].estimateForceFromContactSize: expected true or false, found 0")
    }

    @Test func contactSizeSettings() {
        expectError(#""match": {}, "forceSource": "size""#, at: #""size""#, "profiles[1].forceSource: expected \"pressure\", \"contactSize\" or \"duration\", found size")
        expectError(#""match": {}, "averageContactSize": "big""#, at: #""big""#, "profiles[1].averageContactSize: expected a number, found big")
        expectError(#""match": {}, "averageContactSizeFraction": 2"#, at: "2", "profiles[1].averageContactSizeFraction: expected a number in 0.001...1.0, found 2.0")
        expectError(#""match": {}, "contactSizeCurve": {"gamma": 0}"#, at: #"{"gamma""#, "profiles[1].contactSizeCurve: gamma must be positive and Bézier control points within 0...1")
    }

    @Test func badCurves() {
        let expected = #"expected "linear", {"gamma": G} or {"bezier": [x1, y1, x2, y2]}"#
        expectError(#""match": {}, "curve": "cubic""#, at: #""cubic""#, "profiles[1].curve: \(expected), found cubic")
        expectError(#""match": {}, "curve": {"gamma": true}"#, at: #"{"gamma""#, "profiles[1].curve: \(expected), found {\"gamma\":true}")
        expectError(#""match": {}, "curve": {"bezier": [0, 1, 1]}"#, at: #"{"bezier""#, "profiles[1].curve: \(expected), found {\"bezier\":[0,1,1]}")
        expectError(#""match": {}, "curve": {"bezier": [0, true, 1, 1]}"#, at: #"{"bezier""#, "profiles[1].curve: \(expected), found {\"bezier\":[0,true,1,1]}")
        expectError(#""match": {}, "curve": {"gamma": 2, "bezier": [0, 0, 1, 1]}"#, at: #"{"gamma""#, "profiles[1].curve: \(expected), found {\"gamma\":2,\"bezier\":[0,0,1,1]}")
        // What the file holds is cut in the message after 60 characters.
        expectError(#""match": {}, "curve": {"bezier": [0.111111111, 0.222222222, 0.333333333, 0.444444444, 0.5]}"#, at: #"{"bezier""#,
                    "profiles[1].curve: \(expected), found {\"bezier\":[0.111111111,0.222222222,0.333333333,0.444444444,0…")
    }

    @Test func unusableCurveParameters() {
        let message = "profiles[1].curve: gamma must be positive and Bézier control points within 0...1"
        expectError(#""match": {}, "curve": {"gamma": 0}"#, at: #"{"gamma""#, message)
        expectError(#""match": {}, "curve": {"gamma": -1.5}"#, at: #"{"gamma""#, message)
        expectError(#""match": {}, "curve": {"bezier": [1.2, 0, 0.5, 1]}"#, at: #"{"bezier""#, message)
        expectError(#""match": {}, "curve": {"bezier": [0.5, -0.5, 0.5, 1]}"#, at: #"{"bezier""#, message)
    }

    @Test func badThresholds() {
        expectError(#""match": {}, "thresholds": [1, 2, 3]"#, at: "[1", "profiles[1].thresholds: expected an object with begin, previewEnd and commitEnd, found [1,2,3]")
        expectError(#""match": {}, "thresholds": {"begin": "low"}"#, at: #""low""#, "profiles[1].thresholds.begin: expected a number, found low")
        expectError(#""match": {}, "thresholds": {"begin": 2.5}"#, at: #"{"begin""#, "profiles[1].thresholds: expected 0 < begin < previewEnd < commitEnd, found 2.5, 2.0, 3.0")
        expectError(#""match": {}, "thresholds": {"commitEnd": 2}"#, at: #"{"commitEnd""#, "profiles[1].thresholds: expected 0 < begin < previewEnd < commitEnd, found 1.0, 2.0, 2.0")
    }

    @Test func misspelledThresholdIsReported() {
        expectError(#""match": {}, "thresholds": {"comitEnd": 4}"#, at: #""comitEnd""#, "profiles[1].thresholds.comitEnd: unknown setting; expected one of begin, commitEnd, hysteresis, previewEnd")
    }

    @Test func errorsOnLaterLinesGiveTheirLine() {
        let json = """
            {
              "sensitivity": "light",
              "profiles": [
                { "match": { "name": "Wacom*" },
                  "tipDown": "low" }
              ]
            }
            """
        #expect(error(json) == "\(file):5:18: profiles[0].tipDown: expected a number, found low")
    }

    @Test func missingFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("absent.json")
        var store = ProfileStore()
        #expect(throws: ProfileError.self) { try store.load(path: path) }
        do {
            try store.load(path: path)
        } catch {
            #expect("\(error)" == "\(path): no such file")
        }
        #expect(store.layers.isEmpty)
    }

    @Test func errorInAFileLeavesTheStoreUnchanged() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write(#"{"profiles": [{"match": {}}]}"#, to: "good.json")
        let bad = try directory.write(#"{"profiles": [{"match": {}, "tipUp": 5}]}"#, to: "bad.json")
        var store = ProfileStore()
        try store.load(path: good)
        #expect(throws: ProfileError.self) { try store.load(path: bad) }
        #expect(store.layers.count == 1)
    }
}
