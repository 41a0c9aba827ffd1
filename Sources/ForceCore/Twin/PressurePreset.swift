/// Ready-made twin responses, named as GNOME's tablet panel names the ends of its pressure slider:
/// `soft` makes a light press count for more, `firm` asks for a harder one. Their curves are the
/// control points of that slider's two ends and its middle (in `xsetwacom PressureCurve`'s terms,
/// `0 75 25 100`, `0 0 100 100` and `75 0 100 25`).
public enum PressurePreset: String, Hashable, Sendable, CaseIterable {
    /// A light touch goes far: the curve rises early, the tip goes down at 2 % above the resting
    /// offset and output saturates at 80 % of the axis.
    case soft
    /// Linear, the tip at libinput's own 5 %, saturating at the top of the axis: only the resting
    /// offset is removed.
    case medium
    /// A harder press for the same output: the curve rises late, the tip goes down at 8 %.
    case firm

    /// The preset's curve, tip threshold and full-pressure point over `base`'s resting offset
    /// (which belongs to the pen, not to the response).
    public func profile(over base: PressureProfile = PressureProfile()) -> PressureProfile {
        var profile = base
        profile.tipRelease = nil
        switch self {
        case .soft:
            profile.curve = .bezier(x1: 0, y1: 0.75, x2: 0.25, y2: 1)
            profile.tip = 0.02
            profile.full = 0.8
        case .medium:
            profile.curve = .linear
            profile.tip = 0.05
            profile.full = 1
        case .firm:
            profile.curve = .bezier(x1: 0.75, y1: 0, x2: 1, y2: 0.25)
            profile.tip = 0.08
            profile.full = 1
        }
        return profile
    }

    /// What the preset does, one line (for `--help` and the manual).
    public var summary: String {
        switch self {
        case .soft: "light presses count for more; tip at 2 %, full at 80 %"
        case .medium: "linear; tip at 5 %, full at 100 % (only the resting offset removed)"
        case .firm: "harder presses for the same output; tip at 8 %, full at 100 %"
        }
    }
}
