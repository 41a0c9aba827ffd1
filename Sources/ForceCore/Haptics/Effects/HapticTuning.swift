/// How patterns are turned into effects on one device: its shortest perceptible pulse, its
/// weakest perceptible magnitude, the user's global strength, and which effect type to use.
///
/// Why a minimum duration: a vibration motor has to move before anything is felt. Linear
/// resonant actuators need a couple of cycles (about 10 ms), the eccentric-mass motors of most
/// phones and haptic boards need 20 ms or more to spin up, and the larger motors of gamepads
/// around 40 ms; a shorter pulse is simply not felt. Every pulse is therefore at least
/// `minimumDuration` long, and the default depends on the motor layout (`standard(for:)`).
/// Likewise a motor driven below roughly 15 % does not overcome its own friction, so any
/// non-zero intensity maps to at least `minimumMagnitude`.
public struct HapticTuning: Hashable, Sendable {
    /// Which effect type to render.
    public enum EffectPreference: String, CaseIterable, Hashable, Sendable {
        /// Rumble when the device advertises it, else periodic (`auto`).
        case automatic = "auto"
        /// Rumble, falling back to periodic when the device has no rumble.
        case rumble
        /// Periodic, falling back to rumble when the device has no periodic effects.
        case periodic
    }

    /// Default shortest pulse on single-motor devices (phone vibrators), in ms.
    public static let singleMotorMinimumDuration = 20
    /// Default shortest pulse on dual-motor devices (gamepads), in ms.
    public static let dualMotorMinimumDuration = 40
    /// Default weakest magnitude, as a fraction of full scale.
    public static let standardMinimumMagnitude = 0.15

    /// The shortest pulse that is felt on this device, in ms (1...0x7FFF).
    public var minimumDuration: Int {
        didSet { minimumDuration = min(Int(HapticEffect.maximumMilliseconds), max(1, minimumDuration)) }
    }
    /// The weakest magnitude that is felt, as a fraction of full scale (0...1).
    public var minimumMagnitude: Double {
        didSet { minimumMagnitude = HapticEvent.unit(minimumMagnitude) }
    }
    /// The global strength, 0 (silent) ... 1 (full).
    public var strength: Double {
        didSet { strength = HapticEvent.unit(strength) }
    }
    /// Whether `strength` scales the magnitudes of rendered effects. `HapticEngine` turns this
    /// off on devices with `FF_GAIN`, where the strength is the device gain instead, so that
    /// changing it needs no new upload.
    public var appliesStrengthToMagnitudes: Bool
    /// Which effect type to use.
    public var effectPreference: EffectPreference

    /// Creates a tuning.
    public init(minimumDuration: Int = HapticTuning.singleMotorMinimumDuration,
                minimumMagnitude: Double = HapticTuning.standardMinimumMagnitude,
                strength: Double = 1, appliesStrengthToMagnitudes: Bool = true,
                effectPreference: EffectPreference = .automatic) {
        self.minimumDuration = min(Int(HapticEffect.maximumMilliseconds), max(1, minimumDuration))
        self.minimumMagnitude = HapticEvent.unit(minimumMagnitude)
        self.strength = HapticEvent.unit(strength)
        self.appliesStrengthToMagnitudes = appliesStrengthToMagnitudes
        self.effectPreference = effectPreference
    }

    /// The defaults for a device: 20 ms pulses on single-motor devices, 40 ms on dual-motor ones.
    public static func standard(for capabilities: HapticCapabilities) -> HapticTuning {
        HapticTuning(minimumDuration: capabilities.motorLayout == .dual ? dualMotorMinimumDuration : singleMotorMinimumDuration)
    }
}
