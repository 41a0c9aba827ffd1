/// How a twin (a uinput copy of a pen or touchscreen, `PressureFrameRewriter`) reshapes the
/// original's pressure before every other program reads it: the resting offset removed, a tip
/// threshold where a stroke starts, a full-pressure point where output saturates, and a curve in
/// between. The output keeps the original axis's range and resolution.
///
/// Levels, on an axis `minimum...maximum` whose range is `span = maximum - minimum`, with `offset`
/// the resting pressure (configured, else the axis minimum; or learned, as
/// `RestingOffsetLearning` learns a pen's):
/// - the tip goes down at `offset + tip × span` and up again at `offset + tipRelease × span`
///   (hysteresis, as libinput reads a tablet: by default up at a fifth of the down level);
/// - output saturates at `minimum + full × span`, the raw pressure of a full press;
/// - in between, `u = (raw - tipDown) / (fullLevel - tipDown)` goes through `curve`.
///
/// `tip` is measured above the resting offset, as libinput measures its tip threshold (a worn pen
/// still needs the same press to start a stroke); `full` is a place on the axis itself, since a pen
/// saturates at the same raw pressure however worn its tip.
public struct PressureProfile: Hashable, Sendable {
    /// The resting pressure in raw units (force 0); nil for the axis minimum. When
    /// `learnsRestingOffset` is set, the learned offset goes below this one, never below it.
    public var restingOffset: Double?
    /// Whether a pen's resting offset is learned from the pressure at proximity-in (worn tips
    /// that report pressure while hovering). Touchscreens never learn.
    public var learnsRestingOffset: Bool
    /// The response between the tip threshold and the full-pressure point.
    public var curve: PressureCurve
    /// Where a stroke starts: the tip-down level above the resting offset, as a fraction 0...1 of
    /// the axis range.
    public var tip: Double
    /// Where the tip goes up again, above the resting offset, as a fraction of the axis range (at
    /// most `tip`); nil for a fifth of `tip` (libinput's 1 % against its 5 %).
    public var tipRelease: Double?
    /// Where output saturates: the raw pressure of a full press, as a fraction 0...1 of the axis
    /// range from its minimum.
    public var full: Double

    /// The tip-release level as a fraction of `tip` when `tipRelease` is not given.
    public static let defaultReleaseRatio = 0.2

    /// A profile; the defaults are `PressurePreset.medium`'s (a linear response, the tip at
    /// libinput's 5 %, saturating at the top of the axis, the offset learned).
    public init(restingOffset: Double? = nil, learnsRestingOffset: Bool = true, curve: PressureCurve = .linear,
                tip: Double = 0.05, tipRelease: Double? = nil, full: Double = 1) {
        self.restingOffset = restingOffset
        self.learnsRestingOffset = learnsRestingOffset
        self.curve = curve
        self.tip = tip
        self.tipRelease = tipRelease
        self.full = full
    }

    /// The release level actually used, a fraction of the axis range above the offset.
    public var effectiveTipRelease: Double {
        min(max(tipRelease ?? tip * Self.defaultReleaseRatio, 0), tip)
    }

    /// What is wrong with the profile, in one line; nil when it is usable.
    public var problem: String? {
        if !curve.isValid { return "the curve's gamma must be positive and its Bézier control points within 0...1" }
        if !(tip.isFinite && (0...1).contains(tip)) { return "the tip threshold must lie within 0...100 %, found \(Self.percent(tip))" }
        if let tipRelease, !(tipRelease.isFinite && (0...1).contains(tipRelease)) {
            return "the tip release must lie within 0...100 %, found \(Self.percent(tipRelease))"
        }
        if let tipRelease, tipRelease > tip {
            return "the tip release (\(Self.percent(tipRelease))) must not lie above the tip threshold (\(Self.percent(tip)))"
        }
        if !(full.isFinite && full > 0 && full <= 1) { return "the full-pressure point must lie within 0 (excluded) ...100 %, found \(Self.percent(full))" }
        if let restingOffset, !restingOffset.isFinite { return "the resting offset must be a number of axis units" }
        return nil
    }

    /// `12.5 %`: a fraction as a percentage with at most two decimals.
    static func percent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "\(fraction)" }
        return UdevDeviceSettings.format((fraction * 10_000).rounded() / 100) + " %"
    }
}
