import ArgumentParser
import ForceBus
import ForceCore

/// The options that shape a twin's pressure: a preset, then the curve, tip and full-pressure
/// point over it (each over the device's profile, `PressureProfile`).
struct TwinProfileOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A ready-made response: \(PressurePreset.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; ")).",
                               valueName: "soft|medium|firm"))
    var preset: PressurePreset?

    @Option(help: ArgumentHelp("The pressure curve: X1,Y1,X2,Y2 (a cubic Bézier's two control points within 0...1, as GNOME's tablet panel and xsetwacom give them), linear, gamma:G or bezier:X1,Y1,X2,Y2.",
                               valueName: "CURVE"))
    var curve: String?

    @Option(help: ArgumentHelp("Where a stroke starts (the tip threshold, BTN_TOUCH follows it), above the resting offset: a percentage of the pressure range (3%) or a fraction (0.03).",
                               valueName: "PERCENT"))
    var tip: String?

    @Option(help: ArgumentHelp("Where output saturates (the full-pressure point): a percentage of the pressure range (85%) or a fraction (0.85).",
                               valueName: "PERCENT"))
    var full: String?

    /// Whether any option was given.
    var isEmpty: Bool { preset == nil && curve == nil && tip == nil && full == nil }

    func validate() throws {
        _ = try parsed()
        if let problem = try apply(to: PressureProfile()).problem { throw ValidationError(problem) }
    }

    /// `base` with the options applied: the preset first, then the others.
    func apply(to base: PressureProfile) throws -> PressureProfile {
        let (curve, tip, full) = try parsed()
        var profile = preset?.profile(over: base) ?? base
        if let curve { profile.curve = curve }
        if let tip {
            profile.tip = tip
            profile.tipRelease = nil
        }
        if let full { profile.full = full }
        return profile
    }

    /// The options as `SetPressureProfile`'s settings (`PressureProfile+Bus`).
    func busSettings() throws -> [String: BusValue] {
        let (curve, tip, full) = try parsed()
        var settings: [String: BusValue] = [:]
        if let preset { settings["preset"] = .string(preset.rawValue) }
        if let curve { settings["curve"] = .string(curve.text) }
        if let tip { settings["tip"] = .double(tip) }
        if let full { settings["full"] = .double(full) }
        return settings
    }

    private func parsed() throws -> (curve: PressureCurve?, tip: Double?, full: Double?) {
        var parsedCurve: PressureCurve?
        if let curve {
            guard let value = PressureCurve(text: curve) else {
                throw ValidationError("--curve '\(curve)': expected X1,Y1,X2,Y2 (four numbers within 0...1), linear, gamma:G (G > 0) or bezier:X1,Y1,X2,Y2")
            }
            parsedCurve = value
        }
        return (parsedCurve, try Self.fraction(tip, option: "--tip", example: 3), try Self.fraction(full, option: "--full", example: 85))
    }

    /// `3%` or `0.03` as 0.03; nil for nil. Errors show `example` (a percentage) both ways.
    static func fraction(_ text: String?, option: String, example: Int) throws -> Double? {
        guard let text else { return nil }
        let isPercent = text.hasSuffix("%")
        let digits = (isPercent ? text.dropLast() : Substring(text)).trimmingSpaces()
        guard let number = Double(digits), number.isFinite else {
            throw ValidationError("\(option) '\(text)': expected a percentage (\(example)%) or a fraction (\(Double(example) / 100))")
        }
        let value = isPercent ? number / 100 : number
        guard (0...1).contains(value) else { throw ValidationError("\(option) '\(text)': expected 0% to 100%") }
        return value
    }
}

extension PressurePreset: ExpressibleByArgument {}
