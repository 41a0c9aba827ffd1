import ArgumentParser
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
        if let problem = try apply(to: PressureProfile()).problem { throw ValidationError(problem) }
    }

    /// `base` with the options applied: the preset first, then the others.
    func apply(to base: PressureProfile) throws -> PressureProfile {
        try adjustment().apply(to: base)
    }

    /// The options, parsed.
    func adjustment() throws -> PressureAdjustment {
        var parsedCurve: PressureCurve?
        if let curve {
            guard let value = PressureCurve(text: curve) else {
                throw ValidationError("--curve '\(curve)': expected X1,Y1,X2,Y2 (four numbers within 0...1), linear, gamma:G (G > 0) or bezier:X1,Y1,X2,Y2")
            }
            parsedCurve = value
        }
        return PressureAdjustment(preset: preset, curve: parsedCurve, tip: try Self.fraction(tip, option: "--tip", example: 3),
                                  full: try Self.fraction(full, option: "--full", example: 85))
    }

    /// `3%` or `0.03` as 0.03; nil for nil. Errors show `example` (a percentage) both ways.
    private static func fraction(_ text: String?, option: String, example: Int) throws -> Double? {
        do {
            return try text.map { text throws(PressureAdjustment.FractionError) in try PressureAdjustment.fraction(parsing: text) }
        } catch .notANumber {
            throw ValidationError("\(option) '\(text ?? "")': expected a percentage (\(example)%) or a fraction (\(Double(example) / 100))")
        } catch {
            throw ValidationError("\(option) '\(text ?? "")': expected 0% to 100%")
        }
    }
}

extension PressurePreset: ExpressibleByArgument {}
