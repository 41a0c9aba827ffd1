import ForceTestSupport
import ForceCore
import ForceSettings
import Testing

/// How matching profiles combine: later layers win over earlier ones; within a layer, more
/// specific matches win, and equally specific ones in file order.
@Suite("Profile layering")
struct ProfileLayeringTests {
    private let pen = DeviceDescription(name: "Wacom Intuos Pro M Pen", id: InputID(bustype: 0x03, vendor: 0x056a, product: 0x0357))

    @Test func moreSpecificMatchWinsWithinALayer() {
        var store = ProfileStore()
        store.add([
            DeviceProfile(match: .init(vendor: 0x056a, product: 0x0357), calibration: ForceCalibration(averagePressure: 1800)),
            DeviceProfile(match: .init(name: "Wacom*"), calibration: ForceCalibration(averagePressure: 1000, restingOffset: 4)),
        ])
        #expect(store.matching(pen).map(\.calibration.averagePressure) == [1000, 1800])
        #expect(store.calibration(for: pen) == ForceCalibration(averagePressure: 1800, restingOffset: 4))
    }

    @Test func equallySpecificMatchesApplyInFileOrder() {
        var store = ProfileStore()
        store.add([
            DeviceProfile(match: .init(name: "*Pen"), calibration: ForceCalibration(curve: .gamma(2))),
            DeviceProfile(match: .init(name: "Wacom*"), calibration: ForceCalibration(curve: .gamma(3))),
        ])
        #expect(store.calibration(for: pen).curve == .gamma(3))
    }

    @Test func laterLayerWinsEvenWhenLessSpecific() {
        var store = ProfileStore()
        store.add([DeviceProfile(match: .init(name: "Wacom*", vendor: 0x056a, product: 0x0357), calibration: ForceCalibration(averagePressure: 1800, learnsRestingOffset: false))])
        store.add([DeviceProfile(match: .init(), calibration: ForceCalibration(averagePressure: 900))])
        #expect(store.calibration(for: pen) == ForceCalibration(averagePressure: 900, learnsRestingOffset: false))
    }

    @Test func fractionInAHigherLayerReplacesARawAverageBelow() {
        var store = ProfileStore()
        store.add([DeviceProfile(match: .init(), calibration: ForceCalibration(averagePressure: 1800))])
        store.add([DeviceProfile(match: .init(name: "Wacom*"), calibration: ForceCalibration(averagePressureFraction: 0.3))])
        let calibration = store.calibration(for: pen)
        #expect(calibration.averagePressure == nil)
        #expect(calibration.averagePressureFraction == 0.3)
    }

    @Test func profilesLayerOverTheGivenBase() {
        var store = ProfileStore()
        store.add([DeviceProfile(match: .init(name: "Wacom*"), calibration: ForceCalibration(restingOffset: 9))])
        let base = ForceCalibration(averagePressure: 700, restingOffset: 1)
        #expect(store.calibration(for: pen, over: base) == ForceCalibration(averagePressure: 700, restingOffset: 9))
    }

    @Test func nonMatchingProfilesAreIgnored() {
        var store = ProfileStore()
        store.add([DeviceProfile(match: .init(name: "ELAN*"), calibration: ForceCalibration(averagePressure: 50))])
        #expect(store.matching(pen).isEmpty)
        #expect(store.calibration(for: pen) == ForceCalibration())
    }

    @Test func thresholdsComeFromTheHighestMatchThatSetsThem() {
        let low = PreviewThresholds(begin: 0.5, previewEnd: 1, commitEnd: 1.5)
        let high = PreviewThresholds(begin: 2, previewEnd: 3, commitEnd: 4)
        var store = ProfileStore()
        #expect(store.thresholds(for: pen) == .standard)
        #expect(store.thresholds(for: pen, fallback: low) == low)
        store.add([DeviceProfile(match: .init(name: "*"), thresholds: low)])
        store.add([DeviceProfile(match: .init(name: "Wacom*"), thresholds: high), DeviceProfile(match: .init(vendor: 0x056a))])
        #expect(store.thresholds(for: pen) == high)
    }

    @Test func userFileIsLoadedFromTheConfigurationDirectory() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"profiles": [{"match": {"name": "Wacom*"}, "averagePressure": 1234}]}"#, to: "config/forcebridge/profiles.json")
        let xdg = XDGDirectories(environment: ["HOME": "/nonexistent", "XDG_CONFIG_HOME": directory.path("config")])
        var store = ProfileStore()
        try store.loadUserProfiles(directories: xdg)
        #expect(store.calibration(for: pen).averagePressure == 1234)
    }

    @Test func missingUserFileIsNotAnError() throws {
        let directory = try TemporaryDirectory()
        var store = ProfileStore()
        try store.loadUserProfiles(directories: XDGDirectories(environment: ["HOME": directory.path]))
        #expect(store.layers.isEmpty)
    }
}
