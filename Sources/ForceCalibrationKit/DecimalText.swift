import ForceCore

/// Numbers as the wizard and the files it writes show them, without `String(format:)`.
enum DecimalText {
    /// `value` with exactly `decimals` decimals (`0.50`, `6.38`), rounded half away from zero.
    static func fixed(_ value: Double, decimals: Int) -> String {
        RoundedDecimal.fixed(value, decimals: decimals)
    }

    /// `value` rounded to `decimals` decimals, written as briefly as it reads back (`82`, `1.35`, `0.035`).
    static func short(_ value: Double, decimals: Int = 3) -> String {
        let rounded = Self.rounded(value, decimals: decimals)
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

    /// `value` rounded to `decimals` decimals.
    static func rounded(_ value: Double, decimals: Int) -> Double {
        RoundedDecimal.rounded(value, decimals: decimals)
    }
}
