import Foundation

/// Builds one JSON object on one line with fields in the order they are added.
///
/// The text is built as UTF-8 bytes: live jsonl output builds one of these per touch per frame.
struct JSONLine {
    private var bytes: [UInt8]
    private var isFirst = true

    init() {
        bytes = [UInt8(ascii: "{")]
        bytes.reserveCapacity(192)
    }

    private mutating func key(_ name: String) {
        if !isFirst { bytes.append(UInt8(ascii: ",")) }
        isFirst = false
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: name.utf8)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func null() {
        bytes.append(contentsOf: "null".utf8)
    }

    mutating func string(_ name: String, _ value: String?) {
        key(name)
        guard let value else { return null() }
        Self.appendQuoted(value, to: &bytes)
    }

    mutating func int(_ name: String, _ value: Int?) {
        key(name)
        guard let value else { return null() }
        Self.appendInteger(value, to: &bytes)
    }

    mutating func number(_ name: String, _ value: Double?, decimals: Int = 6) {
        key(name)
        guard let value else { return null() }
        Self.appendNumber(value, decimals: decimals, to: &bytes)
    }

    mutating func bool(_ name: String, _ value: Bool?) {
        key(name)
        guard let value else { return null() }
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func raw(_ name: String, _ json: String) {
        key(name)
        bytes.append(contentsOf: json.utf8)
    }

    /// The finished object.
    var line: String {
        var text = bytes
        text.append(UInt8(ascii: "}"))
        return String(decoding: text, as: UTF8.self)
    }

    /// A JSON string literal.
    static func quoted(_ value: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendQuoted(_ value: String, to bytes: inout [UInt8]) {
        // Most strings (names, phases, node paths) need no escaping.
        if value.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: value.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        bytes.append(contentsOf: escaped(value).utf8)
    }

    private static func escaped(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += String(format: "\\u%04x", Int(scalar.value))
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A number with at most `decimals` decimals and no trailing zeros (`1.5`, `3`, `0.000123`):
    /// C's `%.*f` (the exact binary value correctly rounded, ties to even), trimmed.
    static func format(_ value: Double, decimals: Int) -> String {
        var bytes: [UInt8] = []
        appendNumber(value, decimals: decimals, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `format(value, decimals:)`.
    ///
    /// Live jsonl output formats several numbers per touch per frame, and Foundation's
    /// `String(format:)` cost more than the rest of the pipeline together; so the digits are
    /// computed here, exactly, with 128-bit integers (`vsnprintf` for values out of that range).
    private static func appendNumber(_ value: Double, decimals: Int, to bytes: inout [UInt8]) {
        guard value.isFinite else { return bytes.append(contentsOf: "null".utf8) }
        if value == value.rounded(), abs(value) < 1e15 { return appendInteger(Int(value), to: &bytes) }
        if !appendFixed(value, decimals: decimals, to: &bytes) {
            bytes.append(contentsOf: printfDigits(value, decimals: decimals).utf8)
        }
    }

    private static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, minimumCount: 1, to: &bytes)
    }

    /// Appends the decimal digits of `value`, padded with zeros to `minimumCount`.
    private static func appendDigits(_ value: UInt, minimumCount: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { digits in
            var rest = value
            var count = 0
            repeat {
                digits[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0 || count < minimumCount
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[(24 - count)...]))
        }
    }

    private static let powersOfTen: [UInt64] = (0...9).map { exponent in
        (0..<exponent).reduce(UInt64(1)) { power, _ in power * 10 }
    }

    /// Appends `value` rounded to `decimals` (0...9) decimals, exactly: a finite double is
    /// m·2^-s, so value·10^d = m·10^d / 2^s, whose quotient and remainder decide the rounding.
    /// Returns false, appending nothing, outside that method's range.
    private static func appendFixed(_ value: Double, decimals: Int, to bytes: inout [UInt8]) -> Bool {
        guard decimals >= 0 && decimals < powersOfTen.count, value.magnitude < 9e15 else { return false }
        let bits = value.magnitude.bitPattern
        let exponentBits = Int(bits >> 52)
        let fraction = bits & ((1 << 52) - 1)
        let significand = exponentBits == 0 ? fraction : fraction | (1 << 52)
        let shift = exponentBits == 0 ? 1074 : 1075 - exponentBits
        guard shift >= 1 else { return false }
        let scale = powersOfTen[decimals]
        var quotient: UInt128 = 0
        if shift < 100 {
            let product = UInt128(significand) * UInt128(scale)
            quotient = product >> shift
            let remainder = product & ((1 << shift) - 1)
            let half = UInt128(1) << (shift - 1)
            if remainder > half || (remainder == half && quotient & 1 == 1) { quotient += 1 }
        }  // else: below 2^-46, far below half a unit of the last decimal: 0
        guard quotient != 0 else {
            bytes.append(UInt8(ascii: "0"))
            return true
        }
        var part = UInt64(quotient % UInt128(scale))
        var digits = decimals
        while digits > 0 && part % 10 == 0 {
            part /= 10
            digits -= 1
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(UInt(quotient / UInt128(scale)), minimumCount: 1, to: &bytes)
        if digits > 0 {
            bytes.append(UInt8(ascii: "."))
            appendDigits(UInt(part), minimumCount: digits, to: &bytes)
        }
        return true
    }

    /// `%.*f` through C's `vsnprintf`, trimmed, for what `appendFixed` does not cover.
    private static func printfDigits(_ value: Double, decimals: Int) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { buffer -> String in
            let written = withVaList([Int32(decimals), value]) { arguments in
                vsnprintf(buffer.baseAddress, buffer.count, "%.*f", arguments)
            }
            var end = max(0, min(Int(written), buffer.count - 1))
            if buffer[..<end].contains(CChar(UInt8(ascii: "."))) {
                while end > 0 && buffer[end - 1] == CChar(UInt8(ascii: "0")) { end -= 1 }
                if end > 0 && buffer[end - 1] == CChar(UInt8(ascii: ".")) { end -= 1 }
            }
            if end == 2 && buffer[0] == CChar(UInt8(ascii: "-")) && buffer[1] == CChar(UInt8(ascii: "0")) { return "0" }
            return UnsafeRawBufferPointer(start: buffer.baseAddress, count: end).withMemoryRebound(to: UInt8.self) {
                String(decoding: $0, as: UTF8.self)
            }
        }
    }
}
