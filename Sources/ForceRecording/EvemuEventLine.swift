import ForceCore

/// The fast path for the lines that make up almost all of an evemu recording: events exactly as
/// `evemu-record` (and `EvemuWriter`) write them, `E: SEC.USEC TTTT CCCC VALUE`, with six
/// microsecond digits, four hex digits of type and of code, single spaces between the fields, and
/// optionally blanks and a `#` comment after the value.
///
/// It reads the line in one pass, the fixed-width fields several bytes at a time. Anything else
/// (leading blanks, other spacing or widths, `0x` prefixes, errors) it leaves to
/// `EvemuReader.parseEvent`, which accepts the rest of the format and words the errors: for every
/// line this returns an event for, `parseEvent` returns the same event.
enum EvemuEventLine {
    /// The event on `line`, or nil when the line is not a canonical event line.
    @inline(__always)
    static func parse(_ line: LineReader.Line) -> InputEvent? {
        // The shortest canonical line is "E: 0.000000 0000 0000 0" (23 bytes).
        let end = line.count
        guard end >= 23, line[0] == UInt8(ascii: "E"), line[1] == UInt8(ascii: ":"), line[2] == UInt8(ascii: " ")
        else { return nil }
        var cursor = 3

        // Seconds: 1 to 12 digits (so that the time in microseconds cannot overflow), then '.'.
        guard let (seconds, secondsDigits) = leadingDigits(line, cursor, maximum: 12) else { return nil }
        cursor += secondsDigits
        guard cursor < end, line[cursor] == UInt8(ascii: ".") else { return nil }
        cursor += 1

        // Six digits of microseconds, then " TTTT CCCC " and at least one byte of value.
        guard end - cursor >= 18,
              line[cursor + 6] == 32, line[cursor + 11] == 32, line[cursor + 16] == 32,
              let micros = sixDigits(line, cursor),
              let (type, code) = twoFourHexDigits(line, cursor + 7, cursor + 12), type <= UInt32(EventType.maximum)
        else { return nil }
        cursor += 17

        // The value: an optional sign and 1 to 10 digits that fit an Int32.
        var negative = false
        if line[cursor] == UInt8(ascii: "-") {
            negative = true
            cursor += 1
        } else if line[cursor] == UInt8(ascii: "+") {
            cursor += 1
        }
        guard let (magnitude, valueDigits) = leadingDigits(line, cursor, maximum: 10) else { return nil }
        cursor += valueDigits
        let value = negative ? -magnitude : magnitude
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else { return nil }

        // The end of the line, or blanks and/or a comment.
        while cursor < end, line[cursor] == 32 || line[cursor] == 9 { cursor += 1 }
        guard cursor == end || line[cursor] == UInt8(ascii: "#") else { return nil }

        return InputEvent(
            time: seconds * 1_000_000 + micros, type: EventType(UInt16(type)), code: EventCode(rawValue: UInt16(code)), value: Int32(value))
    }

    // MARK: - Several digits at a time
    //
    // Eight bytes are loaded into one 64-bit word and handled as eight lanes (the first byte in
    // the lowest lane). Lane tests add or subtract per lane with the lanes' top bits set, so that
    // no lane borrows from or carries into its neighbour; each lane's top bit holds the answer.

    private static let lanesHigh: UInt64 = 0x8080_8080_8080_8080

    /// Each lane's digit value (meaningful in digit lanes), and a mask with the top bit of every
    /// lane that is not an ASCII digit.
    @inline(__always)
    private static func digitLanes(_ word: UInt64) -> (values: UInt64, notDigits: UInt64) {
        let values = word ^ 0x3030_3030_3030_3030  // '0'...'9' -> 0...9
        // A lane is not a digit if its value is 10 or more (top bit of (value | 0x80) - 10 still
        // set) or if its byte is not ASCII (top bit set).
        let notDigits = (((values | lanesHigh) &- 0x0A0A_0A0A_0A0A_0A0A) | values) & lanesHigh
        return (values, notDigits)
    }

    /// The number of eight digit values, the first in the lowest lane (most significant).
    @inline(__always)
    private static func combineEightDigits(_ lanes: UInt64) -> UInt64 {
        let pairs = (lanes &* 10 &+ (lanes >> 8)) & 0x00FF_00FF_00FF_00FF  // lanes 0, 2, 4, 6: two digits each
        let high = (pairs & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 << 32))
        let low = ((pairs >> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 << 32))
        return (high &+ low) >> 32
    }

    /// The 1 to `maximum` decimal digits at `cursor` of `line` and how many there are, or nil if
    /// there are none or more.
    @inline(__always)
    private static func leadingDigits(
        _ line: LineReader.Line, _ cursor: Int, maximum: Int
    ) -> (value: Int64, digits: Int)? {
        var value: Int64 = 0
        var digits = 0
        var position = cursor
        let end = line.count
        if end - cursor >= 8 {
            let (values, notDigits) = digitLanes(line.word(at: cursor))
            if notDigits != 0 {
                // Fewer than eight digits: move them to the top lanes, zeros (leading zero
                // digits) come in below, and combine.
                let digits = notDigits.trailingZeroBitCount >> 3
                guard digits > 0 else { return nil }
                return (Int64(combineEightDigits(values << UInt64(64 - 8 * digits))), digits)
            }
            // Eight digits or more: these eight at once, the rest below.
            guard maximum >= 8 else { return nil }
            value = Int64(combineEightDigits(values))
            digits = 8
            position += 8
        }
        // The digits after the first eight, or near the end of the line: one at a time.
        while position < end {
            let digit = line[position] &- 48
            guard digit < 10 else { break }
            guard digits < maximum else { return nil }
            value = value &* 10 &+ Int64(digit)
            digits += 1
            position += 1
        }
        return digits > 0 ? (value, digits) : nil
    }

    /// The value of the six decimal digits at `offset` of `line` (eight bytes must be readable),
    /// or nil if one is not a digit.
    @inline(__always)
    static func sixDigits(_ line: LineReader.Line, _ offset: Int) -> Int64? {
        let (values, notDigits) = digitLanes(line.word(at: offset))
        guard notDigits & 0x0000_8080_8080_8080 == 0 else { return nil }
        return Int64(combineEightDigits(values << 16))
    }

    /// The values of the four hex digits at offset `first` of `line` and of the four at `second`
    /// (either case), or nil if one of the eight is not a hex digit, classified and converted
    /// together as the lanes of one 64-bit word (the first group in the low four lanes).
    @inline(__always)
    static func twoFourHexDigits(_ line: LineReader.Line, _ first: Int, _ second: Int) -> (UInt32, UInt32)? {
        let word = UInt64(line.halfWord(at: first)) | UInt64(line.halfWord(at: second)) << 32
        guard word & lanesHigh == 0 else { return nil }  // ASCII only: no lane can overflow below
        let atLeast0 = ((word | lanesHigh) &- 0x3030_3030_3030_3030) & lanesHigh  // '0' <= byte
        let atMost9 = (0xB9B9_B9B9_B9B9_B9B9 &- word) & lanesHigh  // byte <= '9'
        let folded = word | 0x2020_2020_2020_2020  // 'A'...'F' -> 'a'...'f' (digits keep their value)
        let atLeastA = ((folded | lanesHigh) &- 0x6161_6161_6161_6161) & lanesHigh  // 'a' <= folded byte
        let atMostF = (0xE6E6_E6E6_E6E6_E6E6 &- folded) & lanesHigh  // folded byte <= 'f'
        let isLetter = atLeastA & atMostF
        guard (atLeast0 & atMost9) | isLetter == lanesHigh else { return nil }
        // Letters are 0x41...0x46 or 0x61...0x66: low nibble + 9 is their value.
        let nibbles = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ (isLetter >> 7) &* 9
        // Reversed, the second group's last digit is in the lowest lane and each group's first
        // digit is the most significant of its 16 bits once the nibbles are packed.
        let reversed = nibbles.byteSwapped
        let pairs = (reversed | reversed >> 4) & 0x00FF_00FF_00FF_00FF
        let packed = pairs | pairs >> 8
        return (UInt32(truncatingIfNeeded: packed >> 32) & 0xFFFF, UInt32(truncatingIfNeeded: packed) & 0xFFFF)
    }
}
