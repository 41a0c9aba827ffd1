/// Changes to a twin's pressure profile, as `twin` and `plot --twin` take them: a preset applied
/// first, then the curve, tip threshold and full-pressure point over it.
public struct PressureAdjustment: Hashable, Sendable {
    /// A ready-made response, applied first.
    public var preset: PressurePreset?
    /// The curve between the tip threshold and the full-pressure point.
    public var curve: PressureCurve?
    /// The tip threshold above the resting offset, a fraction 0...1 of the range.
    public var tip: Double?
    /// The full-pressure point, a fraction 0...1 of the range.
    public var full: Double?

    /// Why a fraction's text (`3%`, `0.03`) was refused.
    public enum FractionError: Error, Equatable, Sendable {
        /// Neither a percentage nor a number.
        case notANumber
        /// A number outside 0...1 (0 % to 100 %).
        case outOfRange
    }

    /// An adjustment; with nothing given it changes nothing.
    public init(preset: PressurePreset? = nil, curve: PressureCurve? = nil, tip: Double? = nil, full: Double? = nil) {
        self.preset = preset
        self.curve = curve
        self.tip = tip
        self.full = full
    }

    /// Whether it changes nothing.
    public var isEmpty: Bool { preset == nil && curve == nil && tip == nil && full == nil }

    /// `base` adjusted: the preset first, then the others (a tip given resets the tip release).
    public func apply(to base: PressureProfile) -> PressureProfile {
        var profile = preset?.profile(over: base) ?? base
        if let curve { profile.curve = curve }
        if let tip {
            profile.tip = tip
            profile.tipRelease = nil
        }
        if let full { profile.full = full }
        return profile
    }

    /// `3%` or `0.03` as 0.03 (spaces around the number allowed).
    public static func fraction(parsing text: String) throws(FractionError) -> Double {
        let isPercent = text.hasSuffix("%")
        let digits = (isPercent ? text.dropLast() : Substring(text)).trimmingSpaces()
        guard let number = Double(digits), number.isFinite else { throw .notANumber }
        let value = isPercent ? number / 100 : number
        guard (0...1).contains(value) else { throw .outOfRange }
        return value
    }
}

extension PressureProfile {
    /// The profile in a line, as `twin` reports it: `curve bezier:0.2,0.1,0.8,0.9, tip at 3 %
    /// above the resting offset (learned), full at 85 %`.
    public var summary: String {
        let offset = learnsRestingOffset
            ? (restingOffset.map { "learned, at most \(NumberFormat.trimmed($0, decimals: 2))" } ?? "learned")
            : (restingOffset.map { NumberFormat.trimmed($0, decimals: 2) } ?? "the axis minimum")
        return "curve \(curve.text), tip at \(Self.percentText(tip)) above the resting offset (\(offset)), full at \(Self.percentText(full))"
    }

    /// A fraction as a percentage with at most two decimals: `3 %`, `82.5 %`.
    public static func percentText(_ fraction: Double) -> String {
        NumberFormat.trimmed(fraction * 100, decimals: 2) + " %"
    }
}
