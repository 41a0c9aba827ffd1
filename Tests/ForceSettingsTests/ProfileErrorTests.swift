import ForceTestSupport
import Foundation
import ForceSettings
import Testing

/// Every mistake in a profile file names the file, the setting's key path and what was expected.
@Suite("Profile files: errors")
struct ProfileErrorTests {
    private func error(_ json: String) -> String? {
        do {
            _ = try ProfileStore.parse(Data(json.utf8), path: "/home/u/.config/forcebridge/profiles.json")
            return nil
        } catch let error as ProfileError {
            return error.description
        } catch {
            return "unexpected error type: \(error)"
        }
    }

    private func profile(_ body: String) -> String { #"{"profiles": [{"match": {}}, {"# + body + "}]}" }

    private let file = "/home/u/.config/forcebridge/profiles.json"

    @Test func invalidJSON() throws {
        let message = try #require(error(#"{"profiles": [}"#))
        #expect(message.hasPrefix("\(file): expected JSON, found invalid JSON ("))
    }

    /// Found by fuzzing: a key with a newline in it broke the message over two lines.
    @Test func controlCharactersFromTheFileAreEscapedSoTheMessageStaysOnOneLine() {
        #expect(error(profile(#""match": {}, "thresholds": {"hys\nteresis": 1}"#))
            == "\(file): profiles[1].thresholds.hys\\nteresis: unknown setting; expected one of begin, commitEnd, hysteresis, previewEnd")
        #expect(error(profile(#""match": {}, "curve": "li\tnear""#)) == "\(file): profiles[1].curve: expected \"linear\", {\"gamma\": G} or {\"bezier\": [x1, y1, x2, y2]}, found li\\tnear")
    }

    @Test func missingProfilesArray() {
        #expect(error(#"{"profile": []}"#) == "\(file): expected an object with a \"profiles\" array")
        #expect(error(#"[1, 2]"#) == "\(file): expected an object with a \"profiles\" array")
    }

    @Test func profilesIsNotAnArray() {
        #expect(error(#"{"profiles": {}}"#) == "\(file): profiles: expected an array of profiles")
    }

    @Test func profileIsNotAnObject() {
        #expect(error(#"{"profiles": [{"match": {}}, 3]}"#) == "\(file): profiles[1]: expected an object")
    }

    @Test func unknownSetting() {
        #expect(error(profile(#""match": {}, "averagePresure": 3"#)) == "\(file): profiles[1].averagePresure: unknown setting; expected one of averageContactSize, averageContactSizeFraction, averagePressure, averagePressureFraction, comment, contactSizeCurve, curve, estimateForceFromContactSize, forceSource, learnsRestingOffset, match, restingContactSize, restingOffset, sensitivity, thresholds, tipDown, tipUp, touchDuration, twin, twinFull, twinTip")
    }

    @Test func missingMatch() {
        #expect(error(profile(#""averagePressure": 3"#)) == "\(file): profiles[1].match: expected an object with name, bus, vendor and/or product")
        #expect(error(profile(#""match": "Wacom""#)) == "\(file): profiles[1].match: expected an object with name, bus, vendor and/or product")
    }

    @Test func badMatchFields() {
        #expect(error(profile(#""match": {"name": 3}"#)) == "\(file): profiles[1].match.name: expected a string")
        #expect(error(profile(#""match": {"vendor": "wacom"}"#)) == "\(file): profiles[1].match.vendor: expected a hex id string such as \"056a\"")
        #expect(error(profile(#""match": {"product": 855}"#)) == "\(file): profiles[1].match.product: expected a hex id string such as \"056a\"")
        #expect(error(profile(#""match": {"bus": "10000"}"#)) == "\(file): profiles[1].match.bus: expected a hex id string such as \"056a\"")
        #expect(error(profile(#""match": {"serial": "1"}"#)) == "\(file): profiles[1].match.serial: unknown match field; expected name, bus, vendor or product")
    }

    @Test func numbersMustBeNumbers() {
        #expect(error(profile(#""match": {}, "averagePressure": "high""#)) == "\(file): profiles[1].averagePressure: expected a number, found high")
        #expect(error(profile(#""match": {}, "restingOffset": true"#)) == "\(file): profiles[1].restingOffset: expected a number, found true")
    }

    @Test func numbersMustBeInRange() {
        #expect(error(profile(#""match": {}, "averagePressureFraction": 1.5"#)) == "\(file): profiles[1].averagePressureFraction: expected a number in 0.001...1.0, found 1.5")
        #expect(error(profile(#""match": {}, "averagePressureFraction": 0"#)) == "\(file): profiles[1].averagePressureFraction: expected a number in 0.001...1.0, found 0.0")
        #expect(error(profile(#""match": {}, "tipDown": -0.1"#)) == "\(file): profiles[1].tipDown: expected a number in 0.0...1.0, found -0.1")
        #expect(error(profile(#""match": {}, "tipUp": 2"#)) == "\(file): profiles[1].tipUp: expected a number in 0.0...1.0, found 2.0")
    }

    @Test func flagsMustBeBooleans() {
        #expect(error(profile(#""match": {}, "learnsRestingOffset": "yes""#)) == "\(file): profiles[1].learnsRestingOffset: expected true or false, found yes")
        #expect(error(profile(#""match": {}, "learnsRestingOffset": 1"#)) == "\(file): profiles[1].learnsRestingOffset: expected true or false, found 1")
        #expect(error(profile(#""match": {}, "estimateForceFromContactSize": 0"#)) == "\(file): profiles[1].estimateForceFromContactSize: expected true or false, found 0")
    }

    @Test func contactSizeSettings() {
        #expect(error(profile(#""match": {}, "forceSource": "size""#)) == "\(file): profiles[1].forceSource: expected \"pressure\", \"contactSize\" or \"duration\", found size")
        #expect(error(profile(#""match": {}, "averageContactSize": "big""#)) == "\(file): profiles[1].averageContactSize: expected a number, found big")
        #expect(error(profile(#""match": {}, "averageContactSizeFraction": 2"#)) == "\(file): profiles[1].averageContactSizeFraction: expected a number in 0.001...1.0, found 2.0")
        #expect(error(profile(#""match": {}, "contactSizeCurve": {"gamma": 0}"#)) == "\(file): profiles[1].contactSizeCurve: gamma must be positive and Bézier control points within 0...1")
    }

    @Test func badCurves() {
        let expected = #"expected "linear", {"gamma": G} or {"bezier": [x1, y1, x2, y2]}"#
        #expect(error(profile(#""match": {}, "curve": "cubic""#)) == "\(file): profiles[1].curve: \(expected), found cubic")
        #expect(error(profile(#""match": {}, "curve": {"gamma": true}"#)) == "\(file): profiles[1].curve: \(expected), found {\"gamma\":true}")
        #expect(error(profile(#""match": {}, "curve": {"bezier": [0, 1, 1]}"#)) == "\(file): profiles[1].curve: \(expected), found {\"bezier\":[0,1,1]}")
        #expect(error(profile(#""match": {}, "curve": {"bezier": [0, true, 1, 1]}"#)) == "\(file): profiles[1].curve: \(expected), found {\"bezier\":[0,true,1,1]}")
        #expect(error(profile(#""match": {}, "curve": {"gamma": 2, "bezier": [0, 0, 1, 1]}"#)) == "\(file): profiles[1].curve: \(expected), found {\"bezier\":[0,0,1,1],\"gamma\":2}")
    }

    @Test func unusableCurveParameters() {
        let message = "\(file): profiles[1].curve: gamma must be positive and Bézier control points within 0...1"
        #expect(error(profile(#""match": {}, "curve": {"gamma": 0}"#)) == message)
        #expect(error(profile(#""match": {}, "curve": {"gamma": -1.5}"#)) == message)
        #expect(error(profile(#""match": {}, "curve": {"bezier": [1.2, 0, 0.5, 1]}"#)) == message)
        #expect(error(profile(#""match": {}, "curve": {"bezier": [0.5, -0.5, 0.5, 1]}"#)) == message)
    }

    @Test func badThresholds() {
        #expect(error(profile(#""match": {}, "thresholds": [1, 2, 3]"#)) == "\(file): profiles[1].thresholds: expected an object with begin, previewEnd and commitEnd")
        #expect(error(profile(#""match": {}, "thresholds": {"begin": "low"}"#)) == "\(file): profiles[1].thresholds.begin: expected a number, found low")
        #expect(error(profile(#""match": {}, "thresholds": {"begin": 2.5}"#)) == "\(file): profiles[1].thresholds: expected 0 < begin < previewEnd < commitEnd, found 2.5, 2.0, 3.0")
        #expect(error(profile(#""match": {}, "thresholds": {"commitEnd": 2}"#)) == "\(file): profiles[1].thresholds: expected 0 < begin < previewEnd < commitEnd, found 1.0, 2.0, 2.0")
    }

    @Test func misspelledThresholdIsReported() {
        #expect(error(profile(#""match": {}, "thresholds": {"comitEnd": 4}"#)) == "\(file): profiles[1].thresholds.comitEnd: unknown setting; expected one of begin, commitEnd, hysteresis, previewEnd")
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
