import ForceBus
import ForceCore

/// A pressure profile over D-Bus: the changes `SetPressureProfile` takes, an `a{sv}` whose keys
/// are each optional, and the profile a twin reports.
///
/// | key | type | meaning |
/// |---|---|---|
/// | `preset` | `s` | `soft`, `medium` or `firm` (applied first; the other keys change it) |
/// | `curve` | `s` or `ad` | `linear`, `gamma:G`, `bezier:X1,Y1,X2,Y2`, or the Bézier's four control values |
/// | `tip` | `d` | the tip threshold above the resting offset, a fraction 0...1 of the range |
/// | `tipRelease` | `d` | where the tip goes up again, a fraction at most `tip` |
/// | `full` | `d` | the full-pressure point, a fraction of the range (above 0, at most 1) |
/// | `restingOffset` | `d` or `s` | the resting pressure in raw units; `none` for the axis minimum |
/// | `learnsRestingOffset` | `b` | whether a pen's resting offset is learned |
extension PressureProfile {
    /// The keys `applying(_:)` reads.
    static let busKeys = ["preset", "curve", "tip", "tipRelease", "full", "restingOffset", "learnsRestingOffset"]

    /// This profile with `settings` applied; an unknown key, a value of the wrong type or a
    /// profile that is not usable (`problem`) is an `InvalidArgs` error naming it.
    func applying(_ settings: [String: BusValue]) throws(BusError) -> PressureProfile {
        if let unknown = settings.keys.sorted().first(where: { !Self.busKeys.contains($0) }) {
            throw .invalidArguments("unknown setting '\(unknown)'; expected \(Self.busKeys.joined(separator: ", "))")
        }
        var profile = self
        if let value = settings["preset"] {
            guard let name = value.stringValue, let preset = PressurePreset(rawValue: name) else {
                throw .invalidArguments("preset: expected one of \(PressurePreset.allCases.map(\.rawValue).joined(separator: ", ")), found \(Self.describe(value))")
            }
            profile = preset.profile(over: profile)
        }
        if let value = settings["curve"] { profile.curve = try Self.curve(value) }
        if let value = settings["tip"] { profile.tip = try Self.number(value, "tip") }
        if let value = settings["tipRelease"] { profile.tipRelease = try Self.number(value, "tipRelease") }
        if let value = settings["full"] { profile.full = try Self.number(value, "full") }
        if let value = settings["restingOffset"] {
            profile.restingOffset = value.stringValue == "none" ? nil : try Self.number(value, "restingOffset")
        }
        if let value = settings["learnsRestingOffset"] {
            guard let flag = value.boolValue else { throw .invalidArguments("learnsRestingOffset: expected a boolean, found \(Self.describe(value))") }
            profile.learnsRestingOffset = flag
        }
        if let problem = profile.problem { throw .invalidArguments(problem) }
        return profile
    }

    /// The profile's settings, as `applying(_:)` reads them (with the tip release in effect).
    var busEntries: [(String, BusValue)] {
        var entries: [(String, BusValue)] = [
            ("curve", .string(curve.text)), ("tip", .double(tip)), ("tipRelease", .double(effectiveTipRelease)), ("full", .double(full)),
            ("learnsRestingOffset", .bool(learnsRestingOffset)),
        ]
        if let restingOffset { entries.append(("restingOffset", .double(restingOffset))) }
        return entries
    }

    private static func curve(_ value: BusValue) throws(BusError) -> PressureCurve {
        let expected = "curve: expected linear, gamma:G (G > 0), bezier:X1,Y1,X2,Y2 or four control values within 0...1"
        if let text = value.stringValue {
            guard let curve = PressureCurve(text: text) else { throw .invalidArguments("\(expected), found '\(text)'") }
            return curve
        }
        var inner = value
        if case .variant(let wrapped) = inner { inner = wrapped }
        guard case .array(_, let elements) = inner, elements.count == 4 else {
            throw .invalidArguments("\(expected), found \(describe(value))")
        }
        let numbers = elements.compactMap(\.doubleValue)
        let curve = PressureCurve.bezier(x1: numbers.count == 4 ? numbers[0] : -1, y1: numbers.count == 4 ? numbers[1] : -1,
                                         x2: numbers.count == 4 ? numbers[2] : -1, y2: numbers.count == 4 ? numbers[3] : -1)
        guard numbers.count == 4, curve.isValid else { throw .invalidArguments("\(expected), found \(describe(value))") }
        return curve
    }

    private static func number(_ value: BusValue, _ key: String) throws(BusError) -> Double {
        guard let number = value.doubleValue, number.isFinite else {
            throw .invalidArguments("\(key): expected a number, found \(describe(value))")
        }
        return number
    }

    /// A value as an error shows it: its type and, for basic values, the value.
    private static func describe(_ value: BusValue) -> String {
        if let text = value.stringValue { return "'\(text)' (\(value.signature))" }
        if let number = value.doubleValue { return "\(number) (\(value.signature))" }
        return "a value of type \(value.signature)"
    }
}
