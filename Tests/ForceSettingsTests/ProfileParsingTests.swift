import ForceTestSupport
import Foundation
import ForceCore
import ForceSettings
import Testing

/// Reading a well-formed profile file: every setting lands in the right field.
@Suite("Profile files: parsing")
struct ProfileParsingTests {
    private func parse(_ json: String) throws -> [DeviceProfile] {
        try ProfileStore.parse(Data(json.utf8), path: "profiles.json")
    }

    @Test func everySettingIsRead() throws {
        let profiles = try parse("""
            {
              "profiles": [
                {
                  "comment": "worn Intuos pen",
                  "match": { "name": "Wacom Intuos*", "vendor": "056a", "product": "0x0357", "bus": "3" },
                  "averagePressure": 1800,
                  "restingOffset": 12,
                  "learnsRestingOffset": true,
                  "tipDown": 0.04,
                  "tipUp": 0.02,
                  "curve": { "gamma": 1.4 },
                  "estimateForceFromContactSize": false,
                  "thresholds": { "begin": 1.5, "previewEnd": 2.5, "commitEnd": 3.5, "hysteresis": 0.2 }
                },
                {
                  "match": { "name": "Goodix*" },
                  "forceSource": "contactSize",
                  "restingContactSize": 18,
                  "averageContactSize": 40,
                  "contactSizeCurve": { "gamma": 1.2 }
                },
                {
                  "match": {},
                  "averagePressureFraction": 0.3,
                  "curve": { "bezier": [0.1, 0.2, 0.8, 0.9] }
                },
                { "match": { "name": "ELAN*" }, "curve": "linear" }
              ]
            }
            """)
        #expect(profiles.count == 4)
        #expect(profiles[0] == DeviceProfile(
            match: .init(name: "Wacom Intuos*", bus: 3, vendor: 0x056a, product: 0x0357),
            calibration: ForceCalibration(
                averagePressure: 1800, restingOffset: 12, learnsRestingOffset: true, tipDownThreshold: 0.04,
                tipUpThreshold: 0.02, curve: .gamma(1.4)),
            thresholds: PreviewThresholds(begin: 1.5, previewEnd: 2.5, commitEnd: 3.5, hysteresis: 0.2)))
        #expect(profiles[1] == DeviceProfile(match: .init(name: "Goodix*"), calibration: ForceCalibration(
            forceSource: .contactSize, restingContactSize: 18, averageContactSize: 40, contactSizeCurve: .gamma(1.2))))
        #expect(profiles[2] == DeviceProfile(
            match: .init(),
            calibration: ForceCalibration(averagePressureFraction: 0.3, curve: .bezier(x1: 0.1, y1: 0.2, x2: 0.8, y2: 0.9))))
        #expect(profiles[3] == DeviceProfile(match: .init(name: "ELAN*"), calibration: ForceCalibration(curve: .linear)))
    }

    @Test func partialThresholdsKeepTheDefaults() throws {
        let profiles = try parse(#"{"profiles": [{"match": {}, "thresholds": {"commitEnd": 4}}]}"#)
        #expect(profiles[0].thresholds == PreviewThresholds(begin: 1, previewEnd: 2, commitEnd: 4))
    }

    @Test func zeroAndOneAreNumbersAndTrueAndFalseAreFlags() throws {
        let profiles = try parse(#"{"profiles": [{"match": {}, "restingOffset": 0, "tipUp": 0, "tipDown": 1, "averagePressureFraction": 1, "learnsRestingOffset": false, "estimateForceFromContactSize": true, "curve": {"gamma": 1}, "thresholds": {"begin": 1, "hysteresis": 0}}]}"#)
        #expect(profiles[0].calibration == ForceCalibration(
            forceSource: .contactSize, averagePressureFraction: 1, restingOffset: 0, learnsRestingOffset: false,
            tipDownThreshold: 1, tipUpThreshold: 0, curve: .gamma(1)))
        #expect(profiles[0].thresholds == PreviewThresholds(begin: 1, previewEnd: 2, commitEnd: 3, hysteresis: 0))
    }

    @Test func theForceSourceWinsOverTheOlderSwitch() throws {
        let profiles = try parse(#"{"profiles": [{"match": {}, "forceSource": "duration", "estimateForceFromContactSize": true}, {"match": {}, "averageContactSizeFraction": 0.2}]}"#)
        #expect(profiles[0].calibration == ForceCalibration(forceSource: .duration))
        #expect(profiles[1].calibration == ForceCalibration(averageContactSizeFraction: 0.2))
    }

    @Test func bezierWithIntegerControlPoints() throws {
        let profiles = try parse(#"{"profiles": [{"match": {}, "curve": {"bezier": [0, 1, 1, 0]}}]}"#)
        #expect(profiles[0].calibration.curve == .bezier(x1: 0, y1: 1, x2: 1, y2: 0))
    }

    @Test func emptyProfileList() throws {
        #expect(try parse(#"{"profiles": []}"#).isEmpty)
    }

    @Test func loadReadsAFile() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(#"{"profiles": [{"match": {"name": "Pen"}, "averagePressure": 500}]}"#, to: "p.json")
        var store = ProfileStore()
        try store.load(path: path)
        #expect(store.layers == [[DeviceProfile(match: .init(name: "Pen"), calibration: ForceCalibration(averagePressure: 500))]])
    }
}
