import ForceCore

/// What a theme's vibra feedback plays on ForceBridge's haptics: a pattern for the device's
/// renderer, its priority against other feedback, and how long one run of it lasts.
///
/// - An entry naming a ForceBridge feedback (`x-forcebridge-feedback`) plays that generator's
///   pattern (`FeedbackPatterns`) at the generator's priority.
/// - `VibraRumble`: its rumbles as continuous events of the theme's lengths and gaps.
/// - `VibraPeriodic`: one continuous event, its fade-in an intensity curve.
/// - `VibraPattern`: its non-zero steps as continuous events, back to back.
///
/// Theme magnitudes are fractions of the motor's full scale. ForceBridge's renderer maps an
/// intensity `i` to the level `m + (1 - m) i` (m, the weakest level felt, 0.15), so magnitudes
/// become the intensities that give back the same level, and a theme drives the motor as hard
/// as it does under feedbackd; anything weaker than `m` plays at `m`. Raw rumbles and pattern
/// steps have sharpness 0.5 (both motors of a gamepad equally); periodic vibration 0.25, the
/// round buzz of a sine. Raw vibrations are notifications (`HapticPriority.notification`): they
/// announce events, and a tick or tap should not cut them short.
public struct FeedbackVibration: Hashable, Sendable {
    /// The pattern to render for the device.
    public var pattern: HapticPattern
    /// Its priority against feedback already playing.
    public var priority: HapticPriority
    /// One run's length in seconds: the feedback ends then, or starts again when its event's
    /// timeout repeats it.
    public var period: Double
}

extension FeedbackVibration {
    /// The vibration of `feedback`, nil for sound and LED feedback and for vibrations of no strength.
    public init?(_ feedback: ThemeFeedback) {
        let generator: GeneratorFeedback?
        let pattern: HapticPattern
        let milliseconds: UInt32
        switch feedback {
        case .sound, .led:
            return nil
        case .rumble(let rumble):
            generator = rumble.generator
            let (length, pause, count) = rumble.rumbles
            milliseconds = rumble.generator == nil ? UInt32(clamping: UInt64(count) * (UInt64(length) + UInt64(pause))) : rumble.duration
            pattern = Self.pattern(of: rumble)
        case .periodic(let periodic):
            generator = periodic.generator
            milliseconds = periodic.duration
            pattern = Self.pattern(of: periodic)
        case .pattern(let steps):
            generator = steps.generator
            milliseconds = steps.duration
            pattern = Self.pattern(of: steps)
        }
        if let generator {
            let played = Self.pattern(of: generator)
            self.init(pattern: played.pattern, priority: played.priority, period: max(Double(milliseconds) / 1000, played.pattern.duration))
        } else {
            guard !pattern.isEmpty else { return nil }
            self.init(pattern: pattern, priority: .notification, period: max(Double(milliseconds) / 1000, pattern.duration))
        }
    }

    /// The intensity ForceBridge's renderer plays at `level` (a fraction of full scale); 0 for 0.
    public static func intensity(forLevel level: Double) -> Double {
        guard level > 0 else { return 0 }
        let floor = HapticTuning.standardMinimumMagnitude
        return max(0.001, min(1, (level - floor) / (1 - floor)))
    }

    static func pattern(of generator: GeneratorFeedback) -> (pattern: HapticPattern, priority: HapticPriority) {
        switch generator {
        case .impact(let style): return (FeedbackPatterns.impact(style), .impact)
        case .notification(let type): return (FeedbackPatterns.notification(type), .notification)
        case .selection: return (FeedbackPatterns.selection, .selection)
        }
    }

    static func pattern(of rumble: VibraRumble) -> HapticPattern {
        let intensity = intensity(forLevel: rumble.magnitude)
        guard intensity > 0 else { return HapticPattern(events: []) }
        let (length, pause, count) = rumble.rumbles
        let events = (0..<count).map { index in
            HapticEvent.continuous(at: Double(index) * (Double(length) + Double(pause)) / 1000, duration: Double(length) / 1000,
                                   intensity: intensity, sharpness: 0.5)
        }
        return HapticPattern(events: events)
    }

    static func pattern(of periodic: VibraPeriodic) -> HapticPattern {
        let intensity = intensity(forLevel: periodic.magnitude)
        guard intensity > 0, periodic.duration > 0 else { return HapticPattern(events: []) }
        let event = HapticEvent.continuous(duration: Double(periodic.duration) / 1000, intensity: intensity, sharpness: 0.25)
        guard periodic.fadeInTime > 0, periodic.fadeInLevel < periodic.magnitude else { return HapticPattern(event) }
        // The control multiplies intensity; the ratio of intensities gives the start level.
        let start = Self.intensity(forLevel: periodic.fadeInLevel) / intensity
        let fade = HapticParameterCurve(parameter: .intensityControl, time: 0, controlPoints: [
            .init(time: 0, value: start), .init(time: Double(min(periodic.fadeInTime, periodic.duration)) / 1000, value: 1),
        ])
        return HapticPattern(events: [event], parameterCurves: [fade])
    }

    static func pattern(of steps: VibraPattern) -> HapticPattern {
        var events: [HapticEvent] = []
        var start: UInt64 = 0
        for (magnitude, duration) in zip(steps.magnitudes, steps.durations) {
            let intensity = intensity(forLevel: magnitude)
            if intensity > 0, duration > 0 {
                events.append(.continuous(at: Double(start) / 1000, duration: Double(duration) / 1000, intensity: intensity, sharpness: 0.5))
            }
            start += UInt64(duration)
        }
        return HapticPattern(events: events)
    }
}
