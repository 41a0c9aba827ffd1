import ForceCore
import Testing

/// The layers of a device's haptic tuning: explicit settings over its udev calibration over the
/// defaults of its motor layout; strength as the device gain or in the magnitudes.
@Suite("Haptic engine configuration")
struct HapticEngineConfigurationTests {
    static let vibrator = HapticCapabilities(supportsRumble: true, supportsPeriodic: false, supportsGain: true, effectSlots: 16)
    static let gamepad = HapticCapabilities(supportsRumble: true, supportsPeriodic: false, supportsGain: false, effectSlots: 16, motorLayout: .dual)

    @Test func defaultsFollowTheMotorLayout() {
        #expect(HapticEngineConfiguration().tuning(for: Self.vibrator).minimumDuration == 20)
        #expect(HapticEngineConfiguration().tuning(for: Self.gamepad).minimumDuration == 40)
    }

    @Test func theDeviceCalibrationOverridesTheDefaultsAndExplicitValuesOverrideIt() {
        let calibrated = HapticEngineConfiguration(deviceCalibration: HapticCalibration(minimumDurationMilliseconds: 25, strength: 0.8))
        #expect(calibrated.tuning(for: Self.vibrator).minimumDuration == 25)
        var explicit = calibrated
        explicit.minimumDuration = 12
        #expect(explicit.tuning(for: Self.vibrator).minimumDuration == 12)
    }

    @Test func theDeviceStrengthScalesTheUsersStrength() {
        let configuration = HapticEngineConfiguration(strength: 0.5, deviceCalibration: HapticCalibration(strength: 0.8))
        #expect(configuration.effectiveStrength == 0.4)
        #expect(configuration.tuning(for: Self.gamepad).strength == 0.4)
    }

    @Test func strengthGoesToTheGainWhereThereIsOne() {
        #expect(!HapticEngineConfiguration().tuning(for: Self.vibrator).appliesStrengthToMagnitudes)
        #expect(HapticEngineConfiguration(usesDeviceGain: false).tuning(for: Self.vibrator).appliesStrengthToMagnitudes)
        #expect(HapticEngineConfiguration().tuning(for: Self.gamepad).appliesStrengthToMagnitudes)
    }

    @Test func udevPropertiesGiveTheCalibration() {
        let settings = UdevDeviceSettings(udevProperties: ["FORCEBRIDGE_HAPTIC_MIN_DURATION_MS": "25", "FORCEBRIDGE_HAPTIC_STRENGTH": "0.8"])
        let configuration = HapticEngineConfiguration(deviceCalibration: settings.haptics)
        #expect(configuration.tuning(for: Self.vibrator).minimumDuration == 25)
        #expect(configuration.effectiveStrength == 0.8)
    }
}
