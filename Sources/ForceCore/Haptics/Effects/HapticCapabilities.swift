/// What a force-feedback device can play, from its `EV_FF` bits and effect slot count.
///
/// Both directions of emulation exist in the kernel: ff-memless devices (phone vibrators, most
/// gamepads) that support `FF_RUMBLE` also advertise `FF_PERIODIC` with sine, triangle and square
/// (it turns them into rumble), and the force-feedback core advertises `FF_RUMBLE` on any device
/// with `FF_PERIODIC` (it turns rumble into a 50 ms sine). The bits alone therefore cannot say
/// which type is native; `HapticRenderer` prefers rumble and falls back to periodic.
public struct HapticCapabilities: Hashable, Sendable {
    /// How many vibration motors the rumble magnitudes drive.
    public enum MotorLayout: String, Hashable, Sendable {
        /// One motor (phone vibrators and most haptic actuators): drivers play the strong
        /// magnitude, or the weak one when the strong is 0.
        case single
        /// A heavy low-frequency motor and a light high-frequency one (gamepads).
        case dual
    }

    /// `FF_RUMBLE`.
    public var supportsRumble: Bool
    /// `FF_PERIODIC` with at least one waveform.
    public var supportsPeriodic: Bool
    /// The waveforms periodic effects may use.
    public var waveforms: Set<HapticEffect.Waveform>
    /// `FF_GAIN`: the device-wide strength can be set.
    public var supportsGain: Bool
    /// How many effects the device holds at once (`EVIOCGEFFECTS`); at least 1.
    public var effectSlots: Int
    /// The motors behind the rumble magnitudes.
    public var motorLayout: MotorLayout

    /// Creates capabilities.
    public init(supportsRumble: Bool, supportsPeriodic: Bool, waveforms: Set<HapticEffect.Waveform> = [],
                supportsGain: Bool, effectSlots: Int, motorLayout: MotorLayout = .single) {
        self.supportsRumble = supportsRumble
        self.supportsPeriodic = supportsPeriodic && !waveforms.isEmpty
        self.waveforms = waveforms
        self.supportsGain = supportsGain
        self.effectSlots = max(1, effectSlots)
        self.motorLayout = motorLayout
    }

    /// Reads the capabilities of `device`. A joystick or gamepad is taken to have two motors,
    /// anything else one.
    public init(_ device: DeviceDescription) {
        let ff = device.codes(of: .ff)
        let waveforms = Set(HapticEffect.Waveform.allCases.filter { ff.contains(EventCode($0.rawValue)) })
        self.init(
            supportsRumble: ff.contains(FFCode.rumble),
            supportsPeriodic: ff.contains(FFCode.periodic),
            waveforms: waveforms,
            supportsGain: ff.contains(FFCode.gain),
            effectSlots: device.forceFeedbackEffectSlots,
            motorLayout: device.classification.isJoystick ? .dual : .single)
    }

    /// Whether the device can play any vibration ForceBridge makes.
    public var canVibrate: Bool { supportsRumble || supportsPeriodic }

    /// The kernel names of what the device supports, for messages (`FF_RUMBLE FF_PERIODIC(FF_SINE) FF_GAIN`).
    public var summary: String {
        var parts: [String] = []
        if supportsRumble { parts.append("FF_RUMBLE") }
        if supportsPeriodic { parts.append("FF_PERIODIC(" + waveforms.sorted().map(\.kernelName).joined(separator: " ") + ")") }
        if supportsGain { parts.append("FF_GAIN") }
        return parts.isEmpty ? "no vibration effects" : parts.joined(separator: " ")
    }
}
