/// A cursor over one line of bytes, for parsing text formats without creating strings.
struct ByteScanner {
    let bytes: LineReader.Line
    var position = 0

    init(_ bytes: LineReader.Line) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Whether the next byte is a space, a tab, or the end of the line (a field ended there).
    var isAtBlankOrEnd: Bool { position >= bytes.count || bytes[position] == 32 || bytes[position] == 9 }

    /// Skips spaces and tabs; returns whether any were skipped.
    @discardableResult
    mutating func skipBlanks() -> Bool {
        let begin = position
        while position < bytes.count, bytes[position] == 32 || bytes[position] == 9 { position += 1 }
        return position > begin
    }

    /// Consumes `byte` if it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Whether the rest of the line is blank or a `#` comment.
    mutating func isAtEndOrComment() -> Bool {
        skipBlanks()
        return isAtEnd || bytes[position] == UInt8(ascii: "#")
    }

    /// Reads an unsigned decimal number of at most 18 digits.
    mutating func decimal() -> (value: Int64, digits: Int)? {
        var value: Int64 = 0
        var digits = 0
        while position < bytes.count {
            let digit = bytes[position] &- 48
            guard digit < 10 else { break }
            guard digits < 18 else { return nil }
            value = value * 10 + Int64(digit)
            digits += 1
            position += 1
        }
        return digits > 0 ? (value, digits) : nil
    }

    /// Reads a signed decimal number that fits an `Int32` (`-001` and `+5` are accepted).
    mutating func signedInt32() -> Int32? {
        var negative = false
        if consume(UInt8(ascii: "-")) { negative = true } else { _ = consume(UInt8(ascii: "+")) }
        guard let (magnitude, _) = decimal() else { return nil }
        let value = negative ? -magnitude : magnitude
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else { return nil }
        return Int32(value)
    }

    /// Reads a hexadecimal number (optionally `0x`-prefixed) of at most `maximumDigits` digits.
    mutating func hex(maximumDigits: Int = 8) -> UInt32? {
        if position + 1 < bytes.count, bytes[position] == 48, bytes[position + 1] | 0x20 == UInt8(ascii: "x") {
            position += 2
        }
        var value: UInt32 = 0
        var digits = 0
        while position < bytes.count {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case 48...57: digit = byte - 48
            case 97...102: digit = byte - 87
            case 65...70: digit = byte - 55
            default: digit = 0xff
            }
            guard digit != 0xff else { break }
            guard digits < maximumDigits else { return nil }
            value = value << 4 | UInt32(digit)
            digits += 1
            position += 1
        }
        return digits > 0 ? value : nil
    }

    /// The next whitespace-delimited token, as text (for error messages).
    func nextToken() -> String {
        var index = position
        while index < bytes.count, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
        var tokenEnd = index
        while tokenEnd < bytes.count, bytes[tokenEnd] != 32, bytes[tokenEnd] != 9 { tokenEnd += 1 }
        if index == tokenEnd { return "" }
        return bytes.text(from: index, to: tokenEnd)
    }

    /// The whole line as text.
    var line: String { bytes.text() }
}

extension ByteScanner {
    /// Whether the bytes at the position start with `prefix`.
    func hasPrefix(_ prefix: [UInt8]) -> Bool {
        guard bytes.count - position >= prefix.count else { return false }
        for index in 0..<prefix.count where bytes[position + index] != prefix[index] { return false }
        return true
    }

    /// Consumes `prefix` if the bytes at the position start with it.
    mutating func consume(_ prefix: [UInt8]) -> Bool {
        guard hasPrefix(prefix) else { return false }
        position += prefix.count
        return true
    }

    /// Moves past the next `byte`; returns false (not moving) when there is none.
    mutating func skip(through byte: UInt8) -> Bool {
        var index = position
        while index < bytes.count {
            if bytes[index] == byte {
                position = index + 1
                return true
            }
            index += 1
        }
        return false
    }

    /// The text from the position to the end of the line.
    func restOfLine() -> String {
        guard position < bytes.count else { return "" }
        return bytes.text(from: position)
    }
}
