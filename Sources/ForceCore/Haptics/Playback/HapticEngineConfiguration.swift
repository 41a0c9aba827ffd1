/// How a `HapticEngine` renders and plays: the per-device tuning plus how strength is applied.
///
/// Settings come in layers: explicit values here (the command line's `--min-duration`,
/// `--strength`) over the device's own `HapticCalibration` (its udev hwdb entry:
/// `FORCEBRIDGE_HAPTIC_MIN_DURATION_MS`, `FORCEBRIDGE_HAPTIC_STRENGTH`) over the defaults of its
/// motor layout. The device's strength scales the user's: a motor calibrated to 0.8 plays a
/// strength of 0.5 at 0.4.
public struct HapticEngineConfiguration: Hashable, Sendable {
    /// The shortest perceptible pulse on this device in ms; nil for the device calibration's,
    /// else the default of its motor layout (`HapticTuning.standard(for:)`: 20 ms on one motor,
    /// 40 ms on two).
    public var minimumDuration: Int?
    /// The weakest perceptible magnitude (fraction of full scale); nil for the default.
    public var minimumMagnitude: Double?
    /// The user's global strength, 0...1.
    public var strength: Double
    /// Rumble, periodic, or automatic.
    public var effectPreference: HapticTuning.EffectPreference
    /// Whether the strength is set as the device gain (`FF_GAIN`) where the device has one
    /// (changing it then needs no new upload). The gain is device-wide; turn this off to
    /// scale only this program's effects.
    public var usesDeviceGain: Bool
    /// The device's own calibration (from its udev properties), below the values above.
    public var deviceCalibration: HapticCalibration

    /// Creates a configuration.
    public init(minimumDuration: Int? = nil, minimumMagnitude: Double? = nil, strength: Double = 1,
                effectPreference: HapticTuning.EffectPreference = .automatic, usesDeviceGain: Bool = true,
                deviceCalibration: HapticCalibration = HapticCalibration()) {
        self.minimumDuration = minimumDuration
        self.minimumMagnitude = minimumMagnitude
        self.strength = strength
        self.effectPreference = effectPreference
        self.usesDeviceGain = usesDeviceGain
        self.deviceCalibration = deviceCalibration
    }

    /// The strength effects play at: the user's times the device's.
    public var effectiveStrength: Double {
        min(1, max(0, strength)) * min(1, max(0, deviceCalibration.strength ?? 1))
    }

    /// The tuning for a device with `capabilities`.
    public func tuning(for capabilities: HapticCapabilities) -> HapticTuning {
        var tuning = HapticTuning.standard(for: capabilities)
        if let minimum = minimumDuration ?? deviceCalibration.minimumDurationMilliseconds { tuning.minimumDuration = minimum }
        if let minimumMagnitude { tuning.minimumMagnitude = minimumMagnitude }
        tuning.strength = effectiveStrength
        tuning.effectPreference = effectPreference
        tuning.appliesStrengthToMagnitudes = !(usesDeviceGain && capabilities.supportsGain)
        return tuning
    }
}
