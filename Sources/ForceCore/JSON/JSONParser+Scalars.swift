/// Strings and numbers: the parser's innermost loops, written for jsonl transcripts of many
/// thousand lines (`check`, `diff`): a string without escapes is made from the text in one step,
/// and a number of up to 15 digits with a small exponent without going through text.
extension JSONParser {
    mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = here
        offset += 1  // opening quote
        let contentStart = offset
        while offset < end {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[contentStart..<offset], as: UTF8.self)
                offset += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            offset += 1
        }
        unescaped.removeAll(keepingCapacity: true)
        unescaped.append(contentsOf: bytes[contentStart..<offset])
        while true {
            guard offset < end else { throw JSONSyntaxError(location: start, message: "unterminated string (no closing '\"')") }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: unescaped, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard offset + 1 < end else { throw JSONSyntaxError(location: start, message: "unterminated string (no closing '\"')") }
                try parseEscape()
            case 0x0A:
                throw JSONSyntaxError(location: start, message: "unterminated string (the line ends before the closing '\"')")
            case 0x00..<0x20:
                throw error("a control character (0x\(String(byte, radix: 16))) must be escaped in a string")
            default:
                unescaped.append(byte)
                offset += 1
            }
        }
    }

    /// Reads the escape at the backslash at `offset` into `unescaped`.
    private mutating func parseEscape() throws(JSONSyntaxError) {
        let backslash = offset
        let escape = bytes[offset + 1]
        offset += 2
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(escape)
        case UInt8(ascii: "b"): unescaped.append(0x08)
        case UInt8(ascii: "f"): unescaped.append(0x0C)
        case UInt8(ascii: "n"): unescaped.append(0x0A)
        case UInt8(ascii: "r"): unescaped.append(0x0D)
        case UInt8(ascii: "t"): unescaped.append(0x09)
        case UInt8(ascii: "u"):
            var value = try parseHex4()
            let hex = "\\u" + String(value, radix: 16)
            if (0xD800...0xDBFF).contains(value) {
                guard peek == UInt8(ascii: "\\"), offset + 1 < end, bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw JSONSyntaxError(location: position(of: backslash), message: "a high surrogate \(hex) must be followed by a low one")
                }
                offset += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONSyntaxError(location: position(of: backslash), message: "expected a low surrogate after \(hex)")
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw JSONSyntaxError(location: position(of: backslash), message: "a lone low surrogate \(hex) is not a character")
            }
            // Not a surrogate and at most 0x10FFFF: always a scalar.
            for unit in UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}")! { unescaped.append(unit) }
        default:
            offset = backslash
            let shown = escape > 0x20 && escape < 0x7F
                ? "'\\\(String(UnicodeScalar(escape)))'" : "'\\' followed by byte 0x\(String(escape, radix: 16))"
            throw error("invalid escape sequence \(shown) in a string")
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < end, let digit = JSONText.hexValue(of: bytes[offset]) else {
                throw error("'\\u' must be followed by four hexadecimal digits")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, finite.
    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = offset
        let location = here
        let negative = peek == UInt8(ascii: "-")
        if negative { offset += 1 }
        var significand = Significand()
        let integerStart = offset
        while let digit = digitHere {
            significand.appendIntegerDigit(digit)
            offset += 1
        }
        let integerDigits = offset - integerStart
        guard integerDigits > 0 else { throw JSONSyntaxError(location: location, message: "invalid number: '-' must be followed by digits") }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
            throw JSONSyntaxError(location: location, message: "invalid number: leading zeros are not allowed in JSON")
        }
        if peek == UInt8(ascii: ".") {
            offset += 1
            let fractionStart = offset
            while let digit = digitHere {
                significand.appendFractionDigit(digit)
                offset += 1
            }
            guard offset > fractionStart else { throw JSONSyntaxError(location: location, message: "invalid number: '.' must be followed by digits") }
        }
        var exponent = 0
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            offset += 1
            let negativeExponent = peek == UInt8(ascii: "-")
            if negativeExponent || peek == UInt8(ascii: "+") { offset += 1 }
            let exponentStart = offset
            while let digit = digitHere {
                exponent = min(exponent * 10 + Int(digit), 1_000_000)
                offset += 1
            }
            guard offset > exponentStart else { throw JSONSyntaxError(location: location, message: "invalid number: the exponent has no digits") }
            if negativeExponent { exponent = -exponent }
        }
        if let magnitude = significand.exactValue(timesTenToThe: exponent) {
            return negative ? -magnitude : magnitude
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONSyntaxError(location: location, message: "invalid number '\(text)'")
        }
        return value
    }

    /// The value of the decimal digit at `offset`, nil at the end or at anything else.
    private var digitHere: UInt8? {
        guard offset < end else { return nil }
        let digit = bytes[offset] &- UInt8(ascii: "0")
        return digit < 10 ? digit : nil
    }

    /// A number's digits as an integer, while it holds them all, and the power of ten it is
    /// scaled by: `12.50` is 1250 × 10^-2.
    private struct Significand {
        var digits: UInt64 = 0
        var scale = 0
        /// Whether every digit is in `digits` (or was a zero left out, with `scale` for it).
        var isExact = true

        private var isFull: Bool { digits >= 100_000_000_000_000_000 }

        mutating func appendIntegerDigit(_ digit: UInt8) {
            if isFull {
                scale += 1
                isExact = isExact && digit == 0
            } else {
                digits = digits * 10 + UInt64(digit)
            }
        }

        mutating func appendFractionDigit(_ digit: UInt8) {
            if isFull {
                isExact = isExact && digit == 0
            } else {
                digits = digits * 10 + UInt64(digit)
                scale -= 1
            }
        }

        /// The value times 10^`exponent`, when one operation on exact doubles gives it
        /// correctly rounded (Clinger's fast path: an integer below 2^53 and a power of ten up
        /// to 10^22 are exact doubles); nil otherwise.
        func exactValue(timesTenToThe exponent: Int) -> Double? {
            let power = scale + exponent
            guard isExact, digits < 1 << 53, (-22...22).contains(power) else { return nil }
            return power < 0 ? Double(digits) / JSONParser.powersOfTen[-power] : Double(digits) * JSONParser.powersOfTen[power]
        }
    }

    /// 10^0 through 10^22: the powers of ten a double holds exactly.
    fileprivate static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}
