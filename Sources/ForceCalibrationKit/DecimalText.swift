/// Numbers as the wizard and the files it writes show them, without `String(format:)`.
enum DecimalText {
    /// `value` with exactly `decimals` decimals (`0.50`, `6.38`), rounded half away from zero.
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        let scale = (0..<max(0, decimals)).reduce(1.0) { power, _ in power * 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 1e15 else { return String(value) }
        let units = Int(scaled)
        let whole = units / Int(scale)
        let fraction = String(units % Int(scale))
        let sign = value < 0 && units != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(whole) }
        return sign + String(whole) + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// `value` rounded to `decimals` decimals, written as briefly as it reads back (`82`, `1.35`, `0.035`).
    static func short(_ value: Double, decimals: Int = 3) -> String {
        let rounded = Self.rounded(value, decimals: decimals)
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

    /// `value` rounded to `decimals` decimals.
    static func rounded(_ value: Double, decimals: Int) -> Double {
        let scale = (0..<max(0, decimals)).reduce(1.0) { power, _ in power * 10 }
        return (value * scale).rounded() / scale
    }
}
