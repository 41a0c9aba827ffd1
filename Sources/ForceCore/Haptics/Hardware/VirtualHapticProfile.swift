/// The force-feedback hardware a `VirtualHapticDevice` pretends to be.
public struct VirtualHapticProfile: Hashable, Sendable {
    /// The device name.
    public var name: String
    /// Bus, vendor, product, version.
    public var id: InputID
    /// The `FF_*` bits: effect types, waveforms, `FF_GAIN`.
    public var effectCodes: [EventCode]
    /// `ff_effects_max`: how many effects the device holds (1...`FF_GAIN`).
    public var effectSlots: Int
    /// Key codes (e.g. gamepad buttons, which make the device a joystick with two motors).
    public var keys: [EventCode]
    /// Effect types (`FF_RUMBLE`, `FF_PERIODIC`) whose uploads the hardware refuses with
    /// `EINVAL`, like a driver that advertises a type it cannot play.
    public var refusedEffectTypes: Set<EventCode>

    /// Creates a profile.
    public init(name: String, id: InputID = InputID(bustype: 0x06, vendor: 0x1209, product: 0xfb01, version: 1),
                effectCodes: [EventCode], effectSlots: Int, keys: [EventCode] = [], refusedEffectTypes: Set<EventCode> = []) {
        self.name = name
        self.id = id
        self.effectCodes = effectCodes
        self.effectSlots = effectSlots
        self.keys = keys
        self.refusedEffectTypes = refusedEffectTypes
    }

    /// A phone vibrator behind ff-memless: rumble and gain, 16 slots.
    public static func phoneVibrator(name: String = "ForceBridge Test Vibrator") -> VirtualHapticProfile {
        VirtualHapticProfile(name: name, effectCodes: [FFCode.rumble, FFCode.gain], effectSlots: 16)
    }

    /// Rumble only: no periodic effects, no gain.
    public static func rumbleOnly(name: String = "ForceBridge Test Rumble") -> VirtualHapticProfile {
        VirtualHapticProfile(name: name, effectCodes: [FFCode.rumble], effectSlots: 16)
    }

    /// Periodic only (sine and square) with gain; the kernel adds `FF_RUMBLE`, which it emulates with a sine.
    public static func periodicOnly(name: String = "ForceBridge Test Periodic") -> VirtualHapticProfile {
        VirtualHapticProfile(name: name, effectCodes: [FFCode.periodic, FFCode.sine, FFCode.square, FFCode.gain], effectSlots: 16)
    }

    /// Rumble and periodic effects but no `FF_GAIN`.
    public static func noGain(name: String = "ForceBridge Test No Gain") -> VirtualHapticProfile {
        VirtualHapticProfile(name: name, effectCodes: [FFCode.rumble, FFCode.periodic, FFCode.sine, FFCode.square], effectSlots: 16)
    }

    /// Rumble with gain and a single effect slot (`ff_effects_max = 1`).
    public static func oneSlot(name: String = "ForceBridge Test One Slot") -> VirtualHapticProfile {
        VirtualHapticProfile(name: name, effectCodes: [FFCode.rumble, FFCode.gain], effectSlots: 1)
    }

    /// A gamepad with two rumble motors (its buttons make it a joystick).
    public static func gamepad(name: String = "ForceBridge Test Gamepad") -> VirtualHapticProfile {
        VirtualHapticProfile(name: name, id: InputID(bustype: 0x03, vendor: 0x1209, product: 0xfb02, version: 1),
                             effectCodes: [FFCode.rumble, FFCode.gain], effectSlots: 16,
                             keys: [0, 1, 3, 4].map { EventCode(KeyCode.buttonGamepad.rawValue + $0) })
    }
}
