import ForceCore

/// Numbers as text for people, without Foundation's formatting: a fixed number of decimals.
enum DecimalText {
    /// `value` with exactly `decimals` decimals (`fixed(1.5, 2)` is `1.50`), "–" when it is not
    /// a number. A value that rounds to zero has no minus sign.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        RoundedDecimal.fixed(value, decimals: decimals)
    }

    /// `value` with at most `decimals` decimals, trailing zeros removed (`1.5`, `3`, `0.25`).
    static func trimmed(_ value: Double, _ decimals: Int) -> String {
        var text = fixed(value, decimals)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Seconds as `0.823 s`.
    static func seconds(_ value: Double) -> String {
        fixed(value, 3) + " s"
    }

    /// A duration in milliseconds as `12.0 ms`, from seconds.
    static func milliseconds(_ seconds: Double) -> String {
        fixed(seconds * 1000, 1) + " ms"
    }

    /// `count` and the noun in the right number: `1 touch`, `2 touches`.
    static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }
}
