import ForceTestSupport
import Foundation
import ForceCore
import ForceSettings
import Testing

/// The udev hwdb layer: above the built-in defaults, below the user's file and command-line files;
/// invalid hwdb values are reported through the warning handler and ignored.
@Suite("Profile layering with udev hwdb properties")
struct HardwareDatabaseLayerTests {
    private var pen: DeviceDescription {
        var device = DeviceDescription(name: "Wacom Intuos Pro M Pen", id: InputID(bustype: 0x03, vendor: 0x056a, product: 0x0357))
        device.udevProperties = [
            "FORCEBRIDGE_AVERAGE_PRESSURE": "1800",
            "FORCEBRIDGE_RESTING_OFFSET": "40",
            "FORCEBRIDGE_PRESSURE_CURVE": "gamma:1.4",
        ]
        return device
    }

    @Test func hwdbSettingsApplyWithoutProfiles() {
        #expect(ProfileStore().calibration(for: pen) == ForceCalibration(averagePressure: 1800, restingOffset: 40, curve: .gamma(1.4)))
    }

    @Test func hwdbSettingsLayerOverTheBase() {
        let base = ForceCalibration(averagePressure: 10, learnsRestingOffset: false)
        #expect(ProfileStore().calibration(for: pen, over: base)
            == ForceCalibration(averagePressure: 1800, restingOffset: 40, learnsRestingOffset: false, curve: .gamma(1.4)))
    }

    @Test func userFileAndCommandLineFileWinOverTheHwdb() throws {
        let folder = try TemporaryDirectory()
        let user = try folder.write(#"{"profiles": [{"match": {"vendor": "056a"}, "averagePressure": 2000}]}"#, to: "user.json")
        let commandLine = try folder.write(#"{"profiles": [{"match": {"name": "Wacom*"}, "curve": "linear"}]}"#, to: "cli.json")
        var store = ProfileStore()
        try store.load(path: user)
        #expect(store.calibration(for: pen) == ForceCalibration(averagePressure: 2000, restingOffset: 40, curve: .gamma(1.4)))
        try store.load(path: commandLine)
        #expect(store.calibration(for: pen) == ForceCalibration(averagePressure: 2000, restingOffset: 40, curve: .linear))
    }

    @Test func invalidHwdbValuesAreReportedAndIgnored() {
        var device = pen
        device.udevProperties["FORCEBRIDGE_PRESSURE_CURVE"] = "gamma:-1"
        let warnings = WarningCollector()
        var store = ProfileStore()
        store.udevPropertyWarningHandler = { warnings.add($0) }
        #expect(store.calibration(for: device) == ForceCalibration(averagePressure: 1800, restingOffset: 40))
        #expect(warnings.messages.count == 1)
        #expect(warnings.messages.first?.contains("FORCEBRIDGE_PRESSURE_CURVE=\"gamma:-1\"") == true)
        #expect(warnings.messages.first?.contains("\"Wacom Intuos Pro M Pen\"") == true)
    }
}

/// Collects warnings from a `@Sendable` handler.
final class WarningCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func add(_ message: String) {
        lock.lock(); defer { lock.unlock() }
        stored.append(message)
    }

    var messages: [String] {
        lock.lock(); defer { lock.unlock() }
        return stored
    }
}
