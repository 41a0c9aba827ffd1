/// One event of a haptic pattern, shaped like Core Haptics' `CHHapticEvent`: a short tap
/// (transient) or a buzz that lasts (continuous), with an intensity and a sharpness.
///
/// Intensity is the strength (0 nothing, 1 the strongest the device plays). Sharpness is the
/// character: low is round and dull, high is crisp and precise. On Linux force-feedback hardware
/// sharpness chooses the mix of the strong (low-frequency) and weak (high-frequency) motor on
/// rumble devices and the waveform and period on periodic ones (see `HapticRenderer`). Values
/// outside 0...1 are clamped, as Core Haptics does.
public struct HapticEvent: Hashable, Sendable {
    /// What kind of event this is.
    public enum Kind: Hashable, Sendable {
        /// A brief impulse, like a tap. Its length is chosen by the device's renderer.
        case transient
        /// A sustained vibration lasting `duration` seconds.
        case continuous(duration: Double)
    }

    /// Transient or continuous.
    public var kind: Kind
    /// Seconds from the start of the pattern.
    public var time: Double
    /// Strength, 0...1.
    public var intensity: Double
    /// Character, 0 (round) ... 1 (crisp).
    public var sharpness: Double

    /// Creates an event; `time` below 0 becomes 0, intensity and sharpness are clamped to 0...1.
    public init(kind: Kind, time: Double = 0, intensity: Double = 1, sharpness: Double = 0.5) {
        if case .continuous(let duration) = kind {
            self.kind = .continuous(duration: duration.isFinite ? max(0, duration) : 0)
        } else {
            self.kind = kind
        }
        self.time = time.isFinite ? max(0, time) : 0
        self.intensity = HapticEvent.unit(intensity)
        self.sharpness = HapticEvent.unit(sharpness)
    }

    /// A transient event (a tap) at `time` seconds.
    public static func transient(at time: Double = 0, intensity: Double = 1, sharpness: Double = 0.5) -> HapticEvent {
        HapticEvent(kind: .transient, time: time, intensity: intensity, sharpness: sharpness)
    }

    /// A continuous event from `time` lasting `duration` seconds.
    public static func continuous(at time: Double = 0, duration: Double, intensity: Double = 1, sharpness: Double = 0.5) -> HapticEvent {
        HapticEvent(kind: .continuous(duration: duration), time: time, intensity: intensity, sharpness: sharpness)
    }

    /// Whether this is a transient event.
    public var isTransient: Bool { kind == .transient }

    /// The duration in seconds: 0 for a transient event.
    public var duration: Double {
        if case .continuous(let duration) = kind { return duration }
        return 0
    }

    /// When the event ends (seconds from the start of the pattern); `time` for a transient.
    public var endTime: Double { time + duration }

    /// `value` clamped to 0...1 (NaN becomes 0).
    static func unit(_ value: Double) -> Double {
        guard value.isFinite else { return value == .infinity ? 1 : 0 }
        return min(1, max(0, value))
    }
}
