/// Numbers for people with a fixed number of decimals, rounded half away from zero (as a person
/// rounds): the reports of `analyze` and `diff` and the calibration wizard. The session output's
/// numbers, which must match C's `printf`, are `NumberFormat`'s.
package enum RoundedDecimal {
    /// 10 to the power `exponent` (clamped to 0...12), exactly.
    package static func powerOfTen(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<min(max(exponent, 0), 12) { result *= 10 }
        return result
    }

    /// `value` rounded to `decimals` (0...12) decimals.
    package static func rounded(_ value: Double, decimals: Int) -> Double {
        let scale = powerOfTen(decimals)
        return (value * scale).rounded() / scale
    }

    /// `value` with exactly `decimals` (0...12) decimals (`fixed(1.5, decimals: 2)` is `1.50`),
    /// "–" when it is not a number. A value that rounds to zero has no minus sign.
    package static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        let places = min(max(decimals, 0), 12)
        let scale = powerOfTen(places)
        let scaled = (value.magnitude * scale).rounded()
        guard scaled < 9e15 else { return value.description }
        let units = UInt64(scaled)
        let whole = units / UInt64(scale)
        var text = value < 0 && units != 0 ? "-" : ""
        text += String(whole)
        if places > 0 {
            let fraction = String(units % UInt64(scale))
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return text
    }
}
