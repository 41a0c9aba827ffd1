import ForceCore
import ForceSettings
import ForceTestSupport
import Logging
import Testing

/// A run's thresholds, sensitivity and touch duration win over the profiles', which win over
/// the defaults; the user's file is the first layer and `--profile` files come after it.
@Suite("Pipeline settings")
struct PipelineSettingsTests {
    private let pen = DeviceDescription(name: "Wacom Intuos Pro M Pen", id: InputID(bustype: 0x03, vendor: 0x056a, product: 0x0357))
    private let logger = Logger(label: "profiles")

    private func profiles(_ text: String) throws -> ProfileStore {
        let directory = try TemporaryDirectory()
        var store = ProfileStore()
        try store.loadLayers(userProfiles: false, files: [directory.write(text, to: "profiles.json")], logger: logger)
        return store
    }

    @Test func theRunsSettingsWinOverTheProfiles() throws {
        let store = try profiles(#"{"profiles": [{"match": {"name": "Wacom*"}, "sensitivity": "firm", "touchDuration": "slow"}]}"#)
        #expect(PipelineSettings(profiles: store).sensitivity(for: pen) == TouchSensitivity(force: .firm, touchDuration: .slow))
        let light = PipelineSettings(profiles: store, sensitivity: .light)
        #expect(light.sensitivity(for: pen) == TouchSensitivity(force: .light, touchDuration: .slow))
        let fast = PipelineSettings(profiles: store, touchDuration: .fast)
        #expect(fast.sensitivity(for: pen) == TouchSensitivity(force: .firm, touchDuration: .fast))
        #expect(PipelineSettings(profiles: ProfileStore()).thresholds(for: pen) == .standard)
        let thresholds = PreviewThresholds(begin: 0.5, previewEnd: 1, commitEnd: 4)
        let given = PipelineSettings(profiles: store, thresholds: thresholds)
        #expect(given.thresholds(for: pen) == thresholds)
    }

    @Test func theUsersFileIsTheFirstLayer() throws {
        let home = try TemporaryDirectory()
        let directories = XDGDirectories(environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path])
        try home.write(#"{"profiles": [{"match": {"name": "Wacom*"}, "sensitivity": "firm"}]}"#, to: "forcebridge/profiles.json")
        let extra = try home.write(#"{"profiles": [{"match": {"name": "*"}, "sensitivity": "light"}]}"#, to: "extra.json")
        var store = ProfileStore()
        try store.loadLayers(userProfiles: true, files: [extra], directories: directories, logger: logger)
        #expect(store.layers.count == 2)
        #expect(store.sensitivity(for: pen).force == .light)
        var withoutUser = ProfileStore()
        try withoutUser.loadLayers(userProfiles: false, files: [], directories: directories, logger: logger)
        #expect(withoutUser.layers.isEmpty)
    }
}
