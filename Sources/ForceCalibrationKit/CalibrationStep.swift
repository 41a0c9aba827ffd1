/// One step of the calibration wizard, in the order the wizard runs them.
public enum CalibrationStep: String, Hashable, Sendable, CaseIterable {
    /// A pen held in range above the surface, not touching: where its pressure rests (worn tips
    /// report pressure while hovering). Pens only.
    case rest
    /// Light taps, as light as still counts as touching.
    case lightTaps
    /// Ordinary presses, as one presses a button: these become force 1.0, an average touch.
    case ordinaryPresses
    /// Firm presses, as hard as one would press to commit.
    case firmPresses

    /// The steps for a device: the rest step only for pens (single-contact tablets).
    public static func steps(restingOffset measured: Bool) -> [CalibrationStep] {
        measured ? allCases : [.lightTaps, .ordinaryPresses, .firmPresses]
    }

    /// A short title (`Light taps`).
    public var title: String {
        switch self {
        case .rest: return "Rest"
        case .lightTaps: return "Light taps"
        case .ordinaryPresses: return "Ordinary presses"
        case .firmPresses: return "Firm presses"
        }
    }

    /// What the user is asked to do, for `count` presses (or `seconds` of resting).
    public func instruction(count: Int, seconds: Double) -> String {
        switch self {
        case .rest:
            return "Hold the pen in range just above the surface, without touching it, for \(DecimalText.fixed(seconds, decimals: 1)) s."
        case .lightTaps:
            return "Tap \(count) times, as lightly as you can while still touching."
        case .ordinaryPresses:
            return "Press \(count) times as you would press a button, holding each press a moment."
        case .firmPresses:
            return "Press \(count) times firmly, as hard as you would to commit, holding each press a moment."
        }
    }

    /// Whether the step counts presses (every step but `rest`).
    public var countsPresses: Bool { self != .rest }
}
