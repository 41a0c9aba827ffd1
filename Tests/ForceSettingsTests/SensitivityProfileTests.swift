import ForceTestSupport
import ForceCore
import ForceSettings
import Testing

/// `sensitivity` and `touchDuration` in profile files: per device in a profile, for every device
/// at the top of a file, layered like the calibration, `medium` and `fast` without any.
@Suite("Profile files: sensitivity")
struct SensitivityProfileTests {
    private let pen = DeviceDescription(name: "Wacom Intuos Pro M Pen", id: InputID(bustype: 0x03, vendor: 0x056a, product: 0x0357))
    private let phone = DeviceDescription(name: "Goodix Capacitive TouchScreen", id: InputID(bustype: 0x18, vendor: 0x0416, product: 0x0001))

    private func store(_ files: String...) throws -> ProfileStore {
        let directory = try TemporaryDirectory()
        var store = ProfileStore()
        for (index, text) in files.enumerated() {
            try store.load(path: directory.write(text, to: "\(index).json"))
        }
        return store
    }

    private func error(_ text: String) throws -> String? {
        do {
            _ = try store(text)
            return nil
        } catch let error as ProfileError {
            return "\(error.keyPath): \(error.message)"
        }
    }

    @Test func theDefaultsAreMediumAndFast() throws {
        #expect(try store().sensitivity(for: pen) == TouchSensitivity(force: .medium, touchDuration: .fast))
        #expect(TouchSensitivity.standard == TouchSensitivity(force: .medium, touchDuration: .fast))
        let base = TouchSensitivity(force: .light, touchDuration: .slow)
        #expect(try store(#"{"profiles": []}"#).sensitivity(for: pen, over: base) == base)
    }

    @Test func aProfileSetsThemForTheDevicesItMatches() throws {
        let profiles = try store(#"{"profiles": [{"match": {"name": "Wacom*"}, "sensitivity": "firm", "touchDuration": "slow"}]}"#)
        #expect(profiles.sensitivity(for: pen) == TouchSensitivity(force: .firm, touchDuration: .slow))
        #expect(profiles.sensitivity(for: phone) == .standard)
        #expect(profiles.layers[0][0].sensitivity == .firm)
        #expect(profiles.layers[0][0].touchDuration == .slow)
    }

    @Test func theTopOfAFileSetsThemForEveryDeviceUnderItsProfiles() throws {
        let profiles = try store(#"""
            {"sensitivity": "light", "touchDuration": "slow",
             "profiles": [{"match": {"name": "Wacom*"}, "sensitivity": "firm"}, {"match": {}, "touchDuration": "fast"}]}
            """#)
        #expect(profiles.sensitivity(for: phone) == TouchSensitivity(force: .light, touchDuration: .fast))
        #expect(profiles.sensitivity(for: pen) == TouchSensitivity(force: .firm, touchDuration: .fast))
        #expect(profiles.layers[0].count == 3, "the top-level settings are a profile matching every device, listed first")
    }

    @Test func aFileMayHoldOnlyTopLevelSettings() throws {
        let profiles = try store(#"{"touchDuration": "slow"}"#)
        #expect(profiles.sensitivity(for: phone) == TouchSensitivity(force: .medium, touchDuration: .slow))
    }

    @Test func aHigherLayerWinsEvenFromItsTop() throws {
        let profiles = try store(
            #"{"profiles": [{"match": {"vendor": "056a", "product": "0357"}, "sensitivity": "firm", "touchDuration": "slow"}]}"#,
            #"{"sensitivity": "light"}"#)
        #expect(profiles.sensitivity(for: pen) == TouchSensitivity(force: .light, touchDuration: .slow))
    }

    @Test func theSensitivityScalesTheProfilesThresholds() throws {
        let profiles = try store(#"{"sensitivity": "firm", "profiles": [{"match": {}, "thresholds": {"begin": 0.5, "previewEnd": 1, "commitEnd": 2}}]}"#)
        let interaction = PreviewInteraction(thresholds: profiles.thresholds(for: phone), sensitivity: profiles.sensitivity(for: phone))
        let limits = interaction.thresholds(forMaximumForce: 100)
        #expect([limits.begin, limits.previewEnd, limits.commitEnd].map { ($0 * 100).rounded() / 100 } == [0.7, 1.4, 2.8])
    }

    @Test func badValuesNameTheSettingAndTheChoices() throws {
        #expect(try error(#"{"sensitivity": "hard"}"#) == #"sensitivity: expected "light", "medium" or "firm", found hard"#)
        #expect(try error(#"{"profiles": [{"match": {}, "touchDuration": 1}]}"#) == #"profiles[0].touchDuration: expected "fast" or "slow", found 1"#)
        #expect(try error(#"{"profiles": [{"match": {}, "sensitivity": true}]}"#) == #"profiles[0].sensitivity: expected "light", "medium" or "firm", found true"#)
    }

    @Test func unknownTopLevelSettingsAreErrors() throws {
        #expect(try error(#"{"profiles": [], "sensitvity": "firm"}"#)
            == "sensitvity: unknown setting; expected one of comment, profiles, sensitivity, touchDuration")
        #expect(try error(#"{"comment": "mine", "profiles": []}"#) == nil)
    }
}
