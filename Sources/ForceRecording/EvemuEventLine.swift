import ForceCore

/// The fast path for the lines that make up almost all of an evemu recording: events exactly as
/// `evemu-record` writes them, `E: SEC.USEC TYPE CODE VALUE` with six microsecond digits, plain hex
/// type and code of up to four digits and a decimal value, optionally followed by blanks and a
/// `#` comment.
///
/// It reads the line in one pass without optionals or intermediate values. Anything it does not
/// recognise, it leaves to `EvemuReader.parseEvent`, which accepts the rest of the format (leading
/// blanks, other fraction lengths, `0x` prefixes) and words the errors: for every line this returns
/// an event for, `parseEvent` returns the same event.
enum EvemuEventLine {
    /// The event on `line`, or nil when the line is not a canonical event line.
    @inline(__always)
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> InputEvent? {
        // The shortest canonical line is "E: 0.000000 0 0 0".
        guard line.count >= 17, let base = line.baseAddress,
              base[0] == UInt8(ascii: "E"), base[1] == UInt8(ascii: ":")
        else { return nil }
        let end = base + line.count
        var cursor = base + 2
        skipBlanks(&cursor, end)

        // Seconds: up to 12 digits, so that the time in microseconds cannot overflow.
        var seconds: Int64 = 0
        let secondsStart = cursor
        while cursor < end {
            let digit = cursor.pointee &- 48
            guard digit < 10 else { break }
            seconds = seconds &* 10 &+ Int64(digit)
            cursor += 1
        }
        let secondsDigits = secondsStart.distance(to: cursor)
        guard secondsDigits > 0, secondsDigits <= 12, cursor < end, cursor.pointee == UInt8(ascii: ".") else { return nil }
        cursor += 1

        // Exactly six digits of microseconds.
        guard end - cursor >= 6 else { return nil }
        var micros: Int64 = 0
        for offset in 0..<6 {
            let digit = cursor[offset] &- 48
            guard digit < 10 else { return nil }
            micros = micros &* 10 &+ Int64(digit)
        }
        cursor += 6

        guard skipBlanks(&cursor, end), let type = hex(&cursor, end), type <= UInt32(EventType.maximum),
              skipBlanks(&cursor, end), let code = hex(&cursor, end),
              skipBlanks(&cursor, end), let value = signedValue(&cursor, end)
        else { return nil }

        // The end of the line, or blanks and/or a comment.
        if cursor < end {
            skipBlanks(&cursor, end)
            guard cursor == end || cursor.pointee == UInt8(ascii: "#") else { return nil }
        }
        return InputEvent(time: seconds * 1_000_000 + micros, type: EventType(UInt16(type)), code: UInt16(code), value: value)
    }

    /// Skips spaces and tabs; returns whether there were any.
    @inline(__always) @discardableResult
    private static func skipBlanks(_ cursor: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Bool {
        let start = cursor
        while cursor < end, cursor.pointee == 32 || cursor.pointee == 9 { cursor += 1 }
        return cursor > start
    }

    /// One to four hex digits, not followed by another one.
    @inline(__always)
    private static func hex(_ cursor: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UInt32? {
        var value: UInt32 = 0
        var digits = 0
        while cursor < end {
            let byte = cursor.pointee
            let digit: UInt32
            if byte &- 48 < 10 {
                digit = UInt32(byte &- 48)
            } else if (byte | 0x20) &- 97 < 6 {
                digit = UInt32((byte | 0x20) &- 87)
            } else {
                break
            }
            value = value << 4 | digit
            digits += 1
            cursor += 1
        }
        return digits > 0 && digits <= 4 ? value : nil
    }

    /// An optionally signed decimal of one to ten digits that fits an `Int32`.
    @inline(__always)
    private static func signedValue(_ cursor: inout UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Int32? {
        var negative = false
        if cursor < end {
            if cursor.pointee == UInt8(ascii: "-") {
                negative = true
                cursor += 1
            } else if cursor.pointee == UInt8(ascii: "+") {
                cursor += 1
            }
        }
        var magnitude: Int64 = 0
        let start = cursor
        while cursor < end {
            let digit = cursor.pointee &- 48
            guard digit < 10 else { break }
            magnitude = magnitude &* 10 &+ Int64(digit)
            cursor += 1
        }
        let digits = start.distance(to: cursor)
        guard digits > 0, digits <= 10 else { return nil }
        let value = negative ? -magnitude : magnitude
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else { return nil }
        return Int32(value)
    }
}
