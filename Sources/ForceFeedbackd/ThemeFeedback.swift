import ForceCore

/// One feedback of a theme entry, by its `type`: what plays when an event fires.
public enum ThemeFeedback: Hashable, Sendable {
    /// `Sound`: a sound of the XDG sound theme (ForceBridge plays no sound).
    case sound(effect: String, mediaRole: String?)
    /// `VibraRumble`: rumbles of the haptic motor.
    case rumble(VibraRumble)
    /// `VibraPeriodic`: one periodic vibration, optionally fading in.
    case periodic(VibraPeriodic)
    /// `VibraPattern`: a sequence of rumbles of given magnitudes and durations.
    case pattern(VibraPattern)
    /// `Led`: a blinking LED (ForceBridge drives no LED).
    case led(color: String, frequency: UInt32)

    /// Whether the feedback moves the haptic motor.
    public var isVibration: Bool {
        switch self {
        case .rumble, .periodic, .pattern: return true
        case .sound, .led: return false
        }
    }

    /// The feedback's `type` in a theme.
    public var typeName: String {
        switch self {
        case .sound: return "Sound"
        case .rumble: return "VibraRumble"
        case .periodic: return "VibraPeriodic"
        case .pattern: return "VibraPattern"
        case .led: return "Led"
        }
    }
}

/// What plays on the motor when a vibra entry names one of ForceBridge's own feedbacks (its
/// `x-forcebridge-feedback` key): the generators' patterns, tuned to the device like every
/// ForceBridge feedback, instead of the entry's raw durations and magnitudes. feedbackd ignores
/// the key and plays the rest of the entry.
public enum GeneratorFeedback: Hashable, Sendable {
    case impact(ImpactFeedbackStyle)
    case notification(NotificationFeedbackType)
    case selection

    /// The feedback named `name` (`impact-light`, `notification-error`, `selection`).
    public init?(named name: String) {
        if name == "selection" {
            self = .selection
        } else if name.hasPrefix("impact-"), let style = ImpactFeedbackStyle(rawValue: String(name.dropFirst(7))) {
            self = .impact(style)
        } else if name.hasPrefix("notification-"), let type = NotificationFeedbackType(rawValue: String(name.dropFirst(13))) {
            self = .notification(type)
        } else {
            return nil
        }
    }

    /// Every name a theme may use.
    public static let allNames: [String] = ImpactFeedbackStyle.allCases.map { "impact-\($0.rawValue)" }
        + NotificationFeedbackType.allCases.map { "notification-\($0.rawValue)" } + ["selection"]
}

/// `VibraRumble`: `count` rumbles that share `duration` ms, each followed by `pause` ms — each
/// rumble lasts `duration / count - pause` ms (feedbackd 0.0.3's arithmetic; if that is not
/// positive, feedbackd plays one rumble of 1000 ms instead).
public struct VibraRumble: Hashable, Sendable {
    /// The whole feedback, in ms.
    public var duration: UInt32
    /// How many rumbles.
    public var count: UInt32
    /// The pause after each rumble, in ms.
    public var pause: UInt32
    /// The strength, a fraction of the motor's full scale (0...1). feedbackd 0.0.3 always plays
    /// half (0x8000), which is the default; later feedbackd versions read this key.
    public var magnitude: Double
    /// A ForceBridge feedback to play instead (`x-forcebridge-feedback`).
    public var generator: GeneratorFeedback?

    /// Rumbles; the defaults are feedbackd 0.0.3's, `count` is kept to 1...`maximumCount`.
    public init(duration: UInt32 = 1000, count: UInt32 = 1, pause: UInt32 = 0, magnitude: Double = 0.5,
                generator: GeneratorFeedback? = nil) {
        self.duration = duration
        self.count = min(VibraRumble.maximumCount, max(1, count))
        self.pause = pause
        self.magnitude = magnitude
        self.generator = generator
    }

    /// The most rumbles one entry may ask for.
    public static let maximumCount: UInt32 = 1000

    /// The rumbles as feedbackd plays them: how long each lasts, the pause after it, how many.
    public var rumbles: (length: UInt32, pause: UInt32, count: UInt32) {
        let share = duration / count
        guard share > pause else { return (1000, 0, 1) }
        return (share - pause, pause, count)
    }
}

/// `VibraPeriodic`: one vibration of `duration` ms at `magnitude`, fading in from `fadeInLevel`
/// over `fadeInTime` ms. Magnitudes are fractions of full scale (0...1); themes may write them
/// either that way (later feedbackd) or as 0...0x7FFF (feedbackd 0.0.3, whose default is 0x7FFF).
public struct VibraPeriodic: Hashable, Sendable {
    /// How long it lasts, in ms.
    public var duration: UInt32
    /// Its strength once faded in, a fraction of full scale.
    public var magnitude: Double
    /// How long the fade-in takes, in ms (0: none).
    public var fadeInTime: UInt32
    /// The strength it fades in from, a fraction of full scale.
    public var fadeInLevel: Double
    /// A ForceBridge feedback to play instead (`x-forcebridge-feedback`).
    public var generator: GeneratorFeedback?

    /// A periodic vibration; the defaults are feedbackd 0.0.3's.
    public init(duration: UInt32 = 1000, magnitude: Double = 1, fadeInTime: UInt32 = 0, fadeInLevel: Double = 1,
                generator: GeneratorFeedback? = nil) {
        self.duration = duration
        self.magnitude = magnitude
        self.fadeInTime = fadeInTime
        self.fadeInLevel = fadeInLevel
        self.generator = generator
    }
}

/// `VibraPattern`: rumbles one after the other, each `durations[i]` ms at `magnitudes[i]`
/// (0...1; 0 is a pause).
public struct VibraPattern: Hashable, Sendable {
    /// Each step's strength, a fraction of full scale (0: a pause).
    public var magnitudes: [Double]
    /// Each step's length in ms.
    public var durations: [UInt32]
    /// A ForceBridge feedback to play instead (`x-forcebridge-feedback`).
    public var generator: GeneratorFeedback?

    /// A pattern of steps (the two arrays pair up).
    public init(magnitudes: [Double], durations: [UInt32], generator: GeneratorFeedback? = nil) {
        self.magnitudes = magnitudes
        self.durations = durations
        self.generator = generator
    }

    /// The whole pattern, in ms.
    public var duration: UInt32 { UInt32(clamping: durations.reduce(UInt64(0)) { $0 + UInt64($1) }) }
}
