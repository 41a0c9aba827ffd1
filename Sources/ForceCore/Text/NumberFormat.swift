/// How numbers are written in reports, exactly as C's `printf("%.*f")` writes them (the exact
/// binary value correctly rounded, ties to even), appended to UTF-8 bytes without going through
/// `String(format:)` (which costs more than the rest of the pipeline together) or Foundation.
///
/// - `trimmed`: at most `decimals` decimals and no trailing zeros (`1.5`, `3`, `0.000123`), the
///   JSON numbers of jsonl output.
/// - `fixed`: exactly `decimals` decimals (`1.50`, `3.00`), the numbers of text output.
public enum NumberFormat {
    /// The most decimals either style writes (more are rounded to this many).
    public static let maximumDecimals = 9

    /// `value` with at most `decimals` decimals and no trailing zeros; non-finite values are
    /// `null` (a JSON literal).
    public static func trimmed(_ value: Double, decimals: Int) -> String {
        var bytes: [UInt8] = []
        appendTrimmed(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` with exactly `decimals` decimals (`printf("%.*f")`); non-finite values are `nan`,
    /// `inf` or `-inf` as C writes them.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        var bytes: [UInt8] = []
        appendFixed(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `trimmed(value, decimals:)`.
    public static func appendTrimmed(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
        guard value.isFinite else { return bytes.append(contentsOf: "null".utf8) }
        if value == value.rounded(), value.magnitude < 1e15 { return appendInteger(Int(value), to: &bytes) }
        append(value, decimals: decimals, trimming: true, to: &bytes)
    }

    /// Appends `fixed(value, decimals:)`.
    public static func appendFixed(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
        guard value.isFinite else {
            return bytes.append(contentsOf: (value.isNaN ? "nan" : value < 0 ? "-inf" : "inf").utf8)
        }
        append(value, decimals: decimals, trimming: false, to: &bytes)
    }

    /// Appends the decimal digits of `value`.
    public static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
        DecimalDigits.append(signed: value, to: &bytes)
    }

    /// `value` rounded to `decimals` decimals, exactly: a finite double is m·2^-s, so
    /// value·10^d = m·10^d / 2^s, whose quotient and remainder decide the rounding. Values of
    /// 2^53 and more are integers, written in full.
    private static func append(_ value: Double, decimals requested: Int, trimming: Bool, to bytes: inout [UInt8]) {
        let decimals = min(max(requested, 0), maximumDecimals)
        let bits = value.magnitude.bitPattern
        let exponentBits = Int(bits >> 52)
        let fraction = bits & ((1 << 52) - 1)
        let significand = exponentBits == 0 ? fraction : fraction | (1 << 52)
        let shift = exponentBits == 0 ? 1074 : 1075 - exponentBits
        guard shift >= 1 else {
            // An integer of 2^53 or more: m·2^(-shift), written in full.
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            appendLargeInteger(significand: significand, doublings: -shift, to: &bytes)
            if !trimming && decimals > 0 {
                bytes.append(UInt8(ascii: "."))
                for _ in 0..<decimals { bytes.append(UInt8(ascii: "0")) }
            }
            return
        }
        let scale = DecimalDigits.powersOfTen[decimals]
        var quotient: UInt128 = 0
        if shift < 100 {
            let product = UInt128(significand) * UInt128(scale)
            quotient = product >> shift
            let remainder = product & ((1 << shift) - 1)
            let half = UInt128(1) << (shift - 1)
            if remainder > half || (remainder == half && quotient & 1 == 1) { quotient += 1 }
        }  // else: below 2^-46, far below half a unit of the last decimal: 0
        if trimming && quotient == 0 { return bytes.append(UInt8(ascii: "0")) }
        var part = UInt64(quotient % UInt128(scale))
        var digits = decimals
        if trimming {
            while digits > 0 && part % 10 == 0 {
                part /= 10
                digits -= 1
            }
        }
        // C keeps the sign of a negative value that rounds to zero ("-0.00"); trimmed output
        // writes 0.
        if value.sign == .minus && (quotient != 0 || !trimming) { bytes.append(UInt8(ascii: "-")) }
        DecimalDigits.append(UInt64(quotient / UInt128(scale)), minimumCount: 1, to: &bytes)
        if digits > 0 {
            bytes.append(UInt8(ascii: "."))
            DecimalDigits.append(part, minimumCount: digits, to: &bytes)
        }
    }

    /// Appends `significand`·2^`doublings` in decimal (exact, for doubles beyond 2^53).
    private static func appendLargeInteger(significand: UInt64, doublings: Int, to bytes: inout [UInt8]) {
        // Little-endian limbs of 10^9.
        var limbs: [UInt64] = []
        var rest = significand
        while rest > 0 {
            limbs.append(rest % 1_000_000_000)
            rest /= 1_000_000_000
        }
        for _ in 0..<doublings {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let doubled = limbs[index] * 2 + carry
                limbs[index] = doubled % 1_000_000_000
                carry = doubled / 1_000_000_000
            }
            if carry > 0 { limbs.append(carry) }
        }
        guard let last = limbs.last else { return bytes.append(UInt8(ascii: "0")) }
        DecimalDigits.append(last, minimumCount: 1, to: &bytes)
        for limb in limbs.dropLast().reversed() { DecimalDigits.append(limb, minimumCount: 9, to: &bytes) }
    }
}
