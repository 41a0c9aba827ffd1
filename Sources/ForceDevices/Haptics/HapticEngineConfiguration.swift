import ForceCore

/// How a `HapticEngine` renders and plays: the per-device tuning plus how strength is applied.
public struct HapticEngineConfiguration: Hashable, Sendable {
    /// The shortest perceptible pulse on this device in ms; nil for the default of its motor
    /// layout (`HapticTuning.standard(for:)`: 20 ms on one motor, 40 ms on two).
    public var minimumDuration: Int?
    /// The weakest perceptible magnitude (fraction of full scale); nil for the default.
    public var minimumMagnitude: Double?
    /// The global strength, 0...1.
    public var strength: Double
    /// Rumble, periodic, or automatic.
    public var effectPreference: HapticTuning.EffectPreference
    /// Whether the strength is set as the device gain (`FF_GAIN`) where the device has one
    /// (changing it then needs no new upload). The gain is device-wide; turn this off to
    /// scale only this program's effects.
    public var usesDeviceGain: Bool

    /// Creates a configuration.
    public init(minimumDuration: Int? = nil, minimumMagnitude: Double? = nil, strength: Double = 1,
                effectPreference: HapticTuning.EffectPreference = .automatic, usesDeviceGain: Bool = true) {
        self.minimumDuration = minimumDuration
        self.minimumMagnitude = minimumMagnitude
        self.strength = strength
        self.effectPreference = effectPreference
        self.usesDeviceGain = usesDeviceGain
    }

    /// The tuning for a device with `capabilities`.
    public func tuning(for capabilities: HapticCapabilities) -> HapticTuning {
        var tuning = HapticTuning.standard(for: capabilities)
        if let minimumDuration { tuning.minimumDuration = minimumDuration }
        if let minimumMagnitude { tuning.minimumMagnitude = minimumMagnitude }
        tuning.strength = strength
        tuning.effectPreference = effectPreference
        tuning.appliesStrengthToMagnitudes = !(usesDeviceGain && capabilities.supportsGain)
        return tuning
    }
}
