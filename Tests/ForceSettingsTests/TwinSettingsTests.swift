import ForceCore
import ForceSettings
import ForceTestSupport
import FoundationEssentials
import Testing

/// The twin's settings in profile files: `twin`, `twinTip` and `twinFull`, read, layered, written
/// back into a file; and a twin's own calibration, which must not apply the original's again.
@Suite struct TwinSettingsTests {
    static let pen = DeviceDescription(
        name: "Wacom Bamboo 2FG 4x5 Pen", id: InputID(bustype: 0x03, vendor: 0x056a, product: 0x00d1),
        codes: [.key: CodeSet([KeyCode.toolPen, KeyCode.touch])],
        axes: [AbsCode.x: AxisInfo(minimum: 0, maximum: 14720), AbsCode.y: AxisInfo(minimum: 0, maximum: 9200),
               AbsCode.pressure: AxisInfo(minimum: 0, maximum: 1023)])

    static func store(_ files: String...) throws -> ProfileStore {
        var store = ProfileStore()
        for (index, text) in files.enumerated() { store.add(try ProfileStore.parse(Data(text.utf8), path: "layer\(index).json")) }
        return store
    }

    @Test func aProfileTurnsTheTwinOnAndShapesIt() throws {
        let store = try Self.store(#"""
            {"profiles": [{"match": {"name": "Wacom*"}, "twin": true, "twinTip": 0.03, "twinFull": 0.85,
                           "curve": {"bezier": [0.2, 0.1, 0.8, 0.9]}, "restingOffset": 12}]}
            """#)
        #expect(store.twinIsEnabled(for: Self.pen))
        let profile = store.pressureProfile(for: Self.pen)
        #expect(profile == PressureProfile(restingOffset: 12, learnsRestingOffset: true, curve: .bezier(x1: 0.2, y1: 0.1, x2: 0.8, y2: 0.9),
                                           tip: 0.03, full: 0.85))
    }

    @Test func withoutSettingsTheTwinIsOffAndMedium() throws {
        let store = try Self.store(#"{"profiles": [{"match": {"name": "Other*"}, "twin": true}]}"#)
        #expect(!store.twinIsEnabled(for: Self.pen))
        #expect(store.pressureProfile(for: Self.pen) == PressurePreset.medium.profile(over: PressureProfile(learnsRestingOffset: true)))
    }

    @Test func eachSettingComesFromTheHighestLayerThatGivesIt() throws {
        let store = try Self.store(
            #"{"profiles": [{"match": {"vendor": "056a"}, "twin": true, "twinTip": 0.02, "twinFull": 0.9}]}"#,
            #"{"profiles": [{"match": {"name": "Wacom Bamboo*"}, "twin": false, "twinFull": 0.7}]}"#)
        #expect(!store.twinIsEnabled(for: Self.pen))
        let profile = store.pressureProfile(for: Self.pen)
        #expect(profile.tip == 0.02 && profile.full == 0.7)
    }

    @Test func badValuesNameTheSetting() {
        for (json, keyPath, message) in [
            (#"{"profiles": [{"match": {}, "twin": "yes"}]}"#, "profiles[0].twin", "expected true or false"),
            (#"{"profiles": [{"match": {}, "twinTip": 1.5}]}"#, "profiles[0].twinTip", "expected a number in 0.0...1.0"),
            (#"{"profiles": [{"match": {}, "twinFull": 0}]}"#, "profiles[0].twinFull", "expected a number in 0.001...1.0"),
            (#"{"profiles": [{"match": {}, "twinCurve": 1}]}"#, "profiles[0].twinCurve", "unknown setting"),
        ] {
            #expect {
                _ = try ProfileStore.parse(Data(json.utf8), path: "p.json")
            } throws: { error in
                let error = error as? ProfileError
                return error?.keyPath == keyPath && error?.message.contains(message) == true
            }
        }
    }

    @Test func savedSettingsReadBackAndKeepTheRest() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(#"{"profiles": [{"match": {"name": "Wacom Bamboo 2FG 4x5 Pen"}, "averagePressure": 400}]}"#, to: "p.json")
        var profile = DeviceProfile(match: .init(name: "Wacom Bamboo 2FG 4x5 Pen"), calibration: ForceCalibration(curve: .gamma(1.5)))
        profile.twin = TwinSettings(enabled: true, tip: 0.03, full: 0.85)
        let update = try ProfileFileUpdate.apply(profile, toFileAt: path)
        #expect(update.change == .replaced(index: 0))
        var store = ProfileStore()
        try store.load(path: path)
        #expect(store.layers[0][0].twin == TwinSettings(enabled: true, tip: 0.03, full: 0.85))
        #expect(store.layers[0][0].calibration == ForceCalibration(averagePressure: 400, curve: .gamma(1.5)))
        let text = try #require(try SettingsFile.contents(of: path))
        #expect(text.contains("\"twin\": true,\n      \"twinTip\": 0.03,\n      \"twinFull\": 0.85"))
    }

    @Test func aTwinsProfileIsSavedForItsDevice() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("profiles.json")
        let profile = PressureProfile(curve: .bezier(x1: 0.2, y1: 0.1, x2: 0.8, y2: 0.9), tip: 0.03, full: 0.85)
        let update = try ProfileFileUpdate.saveTwin(profile, of: Self.pen, toFileAt: path)
        #expect(update.path == path && update.backupPath == nil)
        var store = ProfileStore()
        try store.load(path: path)
        #expect(store.twinIsEnabled(for: Self.pen))
        #expect(store.layers[0][0].twin == TwinSettings(enabled: true, tip: 0.03, full: 0.85))
        #expect(store.pressureProfile(for: Self.pen).curve == profile.curve)
    }

    @Test func aTwinIsNotCalibratedTwice() throws {
        let store = try Self.store(#"""
            {"profiles": [{"match": {"name": "Wacom*"}, "curve": {"gamma": 2}, "restingOffset": 300, "learnsRestingOffset": true,
                           "tipDown": 0.1, "averagePressure": 600}]}
            """#)
        var twin = Self.pen
        twin.physicalLocation = TwinMarker(original: "event4", originalLocation: nil).physicalLocation
        let calibration = store.calibration(for: twin)
        #expect(calibration.curve == .linear && calibration.restingOffset == nil && calibration.learnsRestingOffset == false)
        #expect(calibration.tipDownThreshold == 0.05 && calibration.averagePressure == 600, "what is not pressure shaping stays")
        #expect(store.calibration(for: Self.pen).curve == .gamma(2), "the original keeps its calibration")
        let model = ForceModel(device: twin, calibration: calibration)
        #expect(model.offset == 0 && model.tipThresholds.down == Double(PressureMapping.readerTipLevel(of: AxisInfo(minimum: 0, maximum: 1023))))
    }
}
