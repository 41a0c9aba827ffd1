import ForceCore

/// Reads evemu recordings (`evemu-record` and `evemu-describe` output, format versions 1.0–1.3).
///
/// The header describes the device: `N:` name, `I:` bus/vendor/product/version in hex, `P:`
/// property bytes, `B:` event type then bitmask bytes (rows of one type continue each other),
/// `A:` axis code in hex then minimum, maximum, fuzz, flat and (from 1.2) resolution in decimal,
/// `L:`/`S:` LED and switch states. `E: SEC.USEC TYPE CODE VALUE` lines follow, type and code in
/// hex, value in decimal (`-001` included). `#` starts a comment anywhere. Timestamps may start at
/// 0, at 0.000001 or at the wall clock; only their differences matter.
///
/// Events are parsed straight from a reused buffer: reading an event allocates nothing.
public final class EvemuReader: RecordingReader {
    public let path: String
    public let description: DeviceDescription
    public var format: RecordingFormat { .evemu }
    /// The format version from the `# EVEMU x.y` comment, if the file has one.
    public let formatVersion: String?

    private let lines: LineReader
    private var pending: InputEvent?
    private var finished = false

    /// Opens `path` and reads its header.
    public init(path: String) throws {
        self.path = path
        let lines = try LineReader(path: path)
        self.lines = lines
        var header = Header(path: path)
        var firstEvent: InputEvent?
        let path = path
        while firstEvent == nil {
            let result = try lines.nextLine { bytes -> (event: InputEvent?, more: Bool) in
                var scanner = ByteScanner(bytes)
                let lineNumber = header.lineNumber + 1
                header.lineNumber = lineNumber
                scanner.skipBlanks()
                guard let first = scanner.current else { return (nil, true) }
                if first == UInt8(ascii: "#") {
                    header.noteComment(scanner.line)
                    return (nil, true)
                }
                if first == UInt8(ascii: "E"), bytes.count > scanner.position + 1, bytes[scanner.position + 1] == UInt8(ascii: ":") {
                    try header.validate(beforeEventsAt: lineNumber)
                    return (try Self.parseEvent(bytes, path: path, line: lineNumber), false)
                }
                try header.parse(&scanner, line: lineNumber)
                return (nil, true)
            }
            guard let result else {
                try header.validate(beforeEventsAt: nil)
                finished = true
                break
            }
            firstEvent = result.event
        }
        description = header.device
        formatVersion = header.version
        pending = firstEvent
    }

    public func next() throws -> InputEvent? {
        if let event = pending {
            pending = nil
            return event
        }
        guard !finished else { return nil }
        while let line = try lines.nextLine() {
            // Almost every line is an event as evemu-record writes it.
            if let event = EvemuEventLine.parse(line) { return event }
            if let event = try parseOtherLine(line) { return event }
        }
        finished = true
        lines.close()
        return nil
    }

    /// A line that is not a canonical event: a comment or blank line (nil), an event in another
    /// accepted spelling, or an error.
    private func parseOtherLine(_ bytes: LineReader.Line) throws -> InputEvent? {
        let lineNumber = lines.lineNumber
        var scanner = ByteScanner(bytes)
        scanner.skipBlanks()
        guard let first = scanner.current, first != UInt8(ascii: "#") else { return nil }
        guard first == UInt8(ascii: "E") else {
            throw RecordingError.unexpected(
                path: path, line: lineNumber,
                expected: "an 'E:' event line (header lines must come before the first event)",
                found: scanner.line)
        }
        return try Self.parseEvent(bytes, path: path, line: lineNumber)
    }

    /// Parses `E: SEC.USEC TYPE CODE VALUE [# comment]`.
    @inline(__always)
    static func parseEvent(_ bytes: LineReader.Line, path: String, line: Int) throws -> InputEvent {
        var scanner = ByteScanner(bytes)
        scanner.skipBlanks()
        guard scanner.consume(UInt8(ascii: "E")), scanner.consume(UInt8(ascii: ":")) else {
            throw RecordingError.unexpected(path: path, line: line, expected: "'E:'", found: scanner.line)
        }
        scanner.skipBlanks()
        let time: Int64
        switch scanner.timestamp() {
        case .microseconds(let microseconds): time = microseconds
        case .malformed(let expected): throw eventError(scanner, path: path, line: line, expected: expected)
        }
        let type = try field(&scanner, path: path, line: line, expected: "an event type in hex (e.g. 0003)") { fourHexDigitField(&$0) }
        let code = try field(&scanner, path: path, line: line, expected: "an event code in hex (e.g. 0035)") { fourHexDigitField(&$0) }
        let value = try field(&scanner, path: path, line: line, expected: "a decimal event value (e.g. 42 or -001)") {
            $0.signedInt32()
        }
        guard scanner.isAtEndOrComment() else {
            throw eventError(scanner, path: path, line: line, expected: "the end of the line or a '#' comment after the value")
        }
        guard type <= UInt32(EventType.maximum) else {
            throw RecordingError(path: path, line: line, message: "expected an event type up to 0x1f, found 0x\(String(type, radix: 16))")
        }
        return InputEvent(time: time, type: EventType(UInt16(type)), code: EventCode(rawValue: UInt16(code)), value: value)
    }

    /// Converts the digits after the decimal point to microseconds (`5` → 500000, `0000012` → 1).
    @inline(__always)
    static func scaleFraction(_ fraction: Int64, digits: Int) -> Int64 {
        var value = fraction
        var count = digits
        while count < 6 { value *= 10; count += 1 }
        while count > 6 { value /= 10; count -= 1 }
        return value
    }

    /// Up to four hex digits that make a whole field (followed by a blank or the end of the line).
    private static func fourHexDigitField(_ scanner: inout ByteScanner) -> UInt32? {
        guard let value = scanner.hex(maximumDigits: 4), scanner.isAtBlankOrEnd else { return nil }
        return value
    }

    /// The next blank-separated field of an event line, read by `parse`. A missing field or one
    /// that does not parse is an error that quotes the field whole ('00003', not its last digit).
    private static func field<Value>(
        _ scanner: inout ByteScanner, path: String, line: Int, expected: String,
        _ parse: (inout ByteScanner) -> Value?
    ) throws -> Value {
        guard scanner.skipBlanks() else {
            throw eventError(scanner, path: path, line: line, expected: expected)
        }
        let fieldStart = scanner.position
        guard let value = parse(&scanner) else {
            scanner.position = fieldStart
            throw eventError(scanner, path: path, line: line, expected: expected)
        }
        return value
    }

    private static func eventError(_ scanner: ByteScanner, path: String, line: Int, expected: String) -> RecordingError {
        let token = scanner.nextToken()
        return RecordingError(
            path: path, line: line,
            message: "expected \(expected), found \(token.isEmpty ? "the end of the line" : RecordingError.quote(token))")
    }
}

/// The header of an evemu file while it is being read.
private struct Header {
    let path: String
    var lineNumber = 0
    var device = DeviceDescription(name: "")
    var version: String?
    var hasName = false
    var hasID = false
    /// How many property bytes and mask bytes of each type the rows so far held (rows continue each other).
    var propertyByteCount = 0
    var maskByteCounts: [UInt16: Int] = [:]

    init(path: String) { self.path = path }

    mutating func noteComment(_ line: String) {
        let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "#" }
        if trimmed.hasPrefix("EVEMU ") {
            version = String(trimmed.dropFirst(6)).trimmingBlanks
        }
    }

    mutating func parse(_ scanner: inout ByteScanner, line: Int) throws {
        let text = scanner.line
        let trimmed = text.trimmingBlanks
        guard trimmed.count >= 2, trimmed.dropFirst().first == ":" else {
            throw RecordingError.unexpected(
                path: path, line: line,
                expected: "a header line ('N:', 'I:', 'P:', 'B:', 'A:', 'L:', 'S:'), an 'E:' event or a '#' comment",
                found: text)
        }
        let kind = trimmed.first!
        if kind == "N" {
            // The name is the rest of the line, '#' included: names are free text.
            device.name = String(trimmed.dropFirst(2)).trimmingBlanks
            hasName = true
            return
        }
        guard hasName else {
            throw RecordingError.unexpected(path: path, line: line, expected: "the 'N:' device name line first", found: text)
        }
        let fields = trimmed.dropFirst(2).split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        switch kind {
        case "I":
            let values = try fields.map { try hex($0, line: line, what: "a hex id field", limit: 0xffff) }
            guard values.count == 4 else {
                throw RecordingError(path: path, line: line, message: "expected 'I:' with 4 hex fields (bus vendor product version), found \(values.count) in \(RecordingError.quote(text))")
            }
            device.id = InputID(bustype: UInt16(values[0]), vendor: UInt16(values[1]), product: UInt16(values[2]), version: UInt16(values[3]))
            hasID = true
        case "P":
            guard !fields.isEmpty, fields.count <= 8 else {
                throw RecordingError(path: path, line: line, message: "expected 'P:' with 1 to 8 hex property bytes, found \(fields.count) in \(RecordingError.quote(text))")
            }
            let bytes = try fields.map { UInt8(try hex($0, line: line, what: "a hex property byte", limit: 0xff)) }
            for code in try codes(in: bytes, after: &propertyByteCount, of: "the 'P:' rows", line: line) {
                device.properties.insert(code)
            }
        case "B":
            guard fields.count >= 2, fields.count <= 9 else {
                throw RecordingError(path: path, line: line, message: "expected 'B:' with an event type and 1 to 8 hex mask bytes, found \(RecordingError.quote(text))")
            }
            let type = UInt16(try hex(fields[0], line: line, what: "a hex event type", limit: UInt32(EventType.maximum)))
            let bytes = try fields.dropFirst().map { UInt8(try hex($0, line: line, what: "a hex mask byte", limit: 0xff)) }
            var count = maskByteCounts[type] ?? 0
            apply(type: type, codes: try codes(in: bytes, after: &count, of: "the 'B:' rows of type \(fields[0])", line: line))
            maskByteCounts[type] = count
        case "A":
            guard fields.count == 5 || fields.count == 6 else {
                throw RecordingError(path: path, line: line, message: "expected 'A:' with an axis code and 4 or 5 numbers (min max fuzz flat [resolution]), found \(fields.count - 1) numbers in \(RecordingError.quote(text))")
            }
            let code = EventCode(rawValue: UInt16(try hex(fields[0], line: line, what: "a hex axis code", limit: UInt32(EventType.abs.maximumCode.rawValue))))
            let numbers = try fields.dropFirst().map { try decimal($0, line: line) }
            let info = AxisInfo(
                minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                resolution: numbers.count > 4 ? numbers[4] : 0)
            device.enable(.abs, code: code, axis: info)
        case "L", "S":
            guard fields.count == 2 else {
                throw RecordingError(path: path, line: line, message: "expected '\(kind):' with a hex code and a value, found \(RecordingError.quote(text))")
            }
            _ = try hex(fields[0], line: line, what: "a hex code", limit: 0xff)
            _ = try decimal(fields[1], line: line)
        default:
            throw RecordingError.unexpected(
                path: path, line: line,
                expected: "a header line ('N:', 'I:', 'P:', 'B:', 'A:', 'L:', 'S:'), an 'E:' event or a '#' comment",
                found: text)
        }
    }

    /// The most bytes a mask may have: one bit for each 16-bit code.
    static let maximumMaskBytes = 0x10000 / 8

    /// The codes whose bits are set in `bytes`, which continue a mask of which `count` bytes came
    /// before (`count` grows by theirs). Together the rows may not describe codes beyond 0xffff.
    private func codes(in bytes: [UInt8], after count: inout Int, of rows: String, line: Int) throws -> [UInt16] {
        let start = count
        count += bytes.count
        guard count <= Self.maximumMaskBytes else {
            throw RecordingError(
                path: path, line: line,
                message: "expected \(rows) to hold at most \(Self.maximumMaskBytes) bytes together (codes up to 0xffff), found \(count)")
        }
        var codes: [UInt16] = []
        for (offset, byte) in bytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { codes.append(UInt16((start + offset) * 8 + bit)) }
        }
        return codes
    }

    /// Applies the codes of a type's mask rows. Type 0's mask is the set of event types.
    private mutating func apply(type: UInt16, codes: [UInt16]) {
        if type == 0 {
            for code in codes { device.enable(EventType(code)) }
            return
        }
        let eventType = EventType(type)
        for number in codes where number <= eventType.maximumCode.rawValue || eventType.maximumCode == 0 {
            let code = EventCode(rawValue: number)
            if eventType == .abs {
                device.enable(.abs, code: code, axis: device.axes[code])
            } else {
                device.enable(eventType, code: code)
            }
        }
    }

    func validate(beforeEventsAt line: Int?) throws {
        if !hasName {
            throw RecordingError(path: path, line: line, message: "expected an evemu header starting with an 'N:' device name line, found \(line == nil ? "none (empty file?)" : "an event first")")
        }
        if !hasID {
            throw RecordingError(path: path, line: line, message: "expected an 'I:' line (bus vendor product version) in the header, found none")
        }
    }

    private func hex(_ text: String, line: Int, what: String, limit: UInt32) throws -> UInt32 {
        // The prefix by its bytes: `hasPrefix` on a `Substring` is the generic, per-`Character` walk.
        var digits = Substring(text)
        if digits.utf8.count >= 2, digits.utf8.first == UInt8(ascii: "0"),
            digits.utf8.dropFirst().first == UInt8(ascii: "x") || digits.utf8.dropFirst().first == UInt8(ascii: "X")
        {
            digits = digits.dropFirst(2)
        }
        guard let value = UInt32(digits, radix: 16), value <= limit else {
            throw RecordingError.unexpected(path: path, line: line, expected: what, found: text)
        }
        return value
    }

    private func decimal(_ text: String, line: Int) throws -> Int32 {
        guard let value = Int32(text) ?? Int32(text.replacingLeadingPlus) else {
            throw RecordingError.unexpected(path: path, line: line, expected: "a decimal number", found: text)
        }
        return value
    }
}

extension String {
    var trimmingBlanks: String {
        var view = Substring(self)
        while let first = view.first, first == " " || first == "\t" { view = view.dropFirst() }
        while let last = view.last, last == " " || last == "\t" { view = view.dropLast() }
        return String(view)
    }

    fileprivate var replacingLeadingPlus: String {
        hasPrefix("+") ? String(dropFirst()) : self
    }
}
