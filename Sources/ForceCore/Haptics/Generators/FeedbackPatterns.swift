/// The patterns behind the feedback generators: what each UIKit style feels like, expressed as
/// Core Haptics events (intensity, sharpness), before any device is involved.
///
/// | feedback | events (time: intensity, sharpness) | why |
/// |---|---|---|
/// | impact light | 0 s: 0.45, 0.6 | small, light objects: a weak, fairly crisp tap |
/// | impact medium | 0 s: 0.7, 0.5 | the everyday tap |
/// | impact heavy | 0 s: 1.0, 0.3 | large objects: full strength, rounder (more heavy motor) |
/// | impact soft | 0 s: 0.6, 0.1 | compressible objects: dull and longer |
/// | impact rigid | 0 s: 0.8, 0.95 | hard objects: crisp and as short as the motor allows |
/// | selection | 0 s: 0.35, 1.0 | a faint, crisp tick: many may follow each other |
/// | success | 0 s: 0.55, 0.5 · 0.10 s: 1.0, 0.7 | two taps rising: "da-DUM" |
/// | warning | 0 s: 1.0, 0.5 · 0.15 s: 0.6, 0.3 | two taps falling, further apart |
/// | error | 0, 0.07, 0.14, 0.21 s: 0.85, 0.85, 1.0, 0.7 at 0.8 | four quick hard taps: a stutter |
///
/// The notifications differ in count, order of strength and spacing, so they are told apart
/// even where sharpness means nothing (a single motor). The gaps (≥ 70 ms between starts) leave
/// room for pulses of 20–48 ms (`HapticRenderer`) with a felt pause between them.
/// `impactOccurred(intensity:)` multiplies the style's intensity by a factor rounded to 1/32
/// steps (finer than the ~10 % change in vibration strength people notice), so that varying
/// intensities reuse at most 33 uploaded effects per style instead of uploading on every call.
public enum FeedbackPatterns {
    /// Steps intensities are rounded to in `impact(_:intensity:)`.
    public static let intensitySteps = 32.0

    /// The intensity and sharpness of an impact style at full intensity.
    public static func parameters(of style: ImpactFeedbackStyle) -> (intensity: Double, sharpness: Double) {
        switch style {
        case .light: return (0.45, 0.6)
        case .medium: return (0.7, 0.5)
        case .heavy: return (1.0, 0.3)
        case .soft: return (0.6, 0.1)
        case .rigid: return (0.8, 0.95)
        }
    }

    /// An impact of `style`, its intensity multiplied by `intensity` (0...1).
    public static func impact(_ style: ImpactFeedbackStyle, intensity: Double = 1) -> HapticPattern {
        let (base, sharpness) = parameters(of: style)
        let factor = (HapticEvent.unit(intensity) * intensitySteps).rounded() / intensitySteps
        return HapticPattern(.transient(intensity: base * factor, sharpness: sharpness))
    }

    /// The pattern of a notification.
    public static func notification(_ type: NotificationFeedbackType) -> HapticPattern {
        switch type {
        case .success:
            return HapticPattern(events: [
                .transient(at: 0, intensity: 0.55, sharpness: 0.5),
                .transient(at: 0.10, intensity: 1.0, sharpness: 0.7),
            ])
        case .warning:
            return HapticPattern(events: [
                .transient(at: 0, intensity: 1.0, sharpness: 0.5),
                .transient(at: 0.15, intensity: 0.6, sharpness: 0.3),
            ])
        case .error:
            return HapticPattern(events: [
                .transient(at: 0, intensity: 0.85, sharpness: 0.8),
                .transient(at: 0.07, intensity: 0.85, sharpness: 0.8),
                .transient(at: 0.14, intensity: 1.0, sharpness: 0.8),
                .transient(at: 0.21, intensity: 0.7, sharpness: 0.8),
            ])
        }
    }

    /// A selection tick.
    public static let selection = HapticPattern(.transient(intensity: 0.35, sharpness: 1.0))
}
