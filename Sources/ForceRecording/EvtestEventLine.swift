import ForceCore

/// Parses one evtest event line from bytes, without allocating:
/// `Event: time S.U, type T (NAME), code C (NAME), value V` or
/// `Event: time S.U, -------------- SYN_REPORT ------------`.
enum EvtestEventLine {
    enum Parsed {
        /// An event; the flag tells that an old `Config Sync` separator was read.
        case event(InputEvent, usedConfigSync: Bool)
        /// The line stops being an event line at the scanner's position; `expected` says what should be there.
        case incomplete(expected: String)
    }

    private static let prefix: [UInt8] = Array("Event: time".utf8)

    /// Whether the scanner (past leading blanks) is at `Event: time`.
    static func startsEvent(_ scanner: ByteScanner) -> Bool {
        scanner.hasPrefix(prefix)
    }

    /// Parses an event line; leaves the scanner after the value (or the separator).
    static func parse(_ scanner: inout ByteScanner, configSyncCode: EventCode) -> Parsed {
        guard scanner.consume(prefix) else { return .incomplete(expected: "'Event: time'") }
        scanner.skipBlanks()
        let time: Int64
        switch scanner.timestamp() {
        case .microseconds(let microseconds): time = microseconds
        case .malformed(let expected): return .incomplete(expected: expected)
        }
        guard scanner.consume(UInt8(ascii: ",")) else { return .incomplete(expected: "',' after the timestamp") }
        scanner.skipBlanks()
        if scanner.consume(typeWord) {
            return parseEvent(&scanner, time: time)
        }
        return parseSeparator(&scanner, time: time, configSyncCode: configSyncCode)
    }

    private static let typeWord: [UInt8] = Array("type".utf8)
    private static let codeWord: [UInt8] = Array("code".utf8)
    private static let valueWord: [UInt8] = Array("value".utf8)

    private static func parseEvent(_ scanner: inout ByteScanner, time: Int64) -> Parsed {
        scanner.skipBlanks()
        guard let (type, _) = scanner.decimal(), type <= Int64(EventType.maximum) else {
            return .incomplete(expected: "an event type number up to 31")
        }
        guard skipName(&scanner) else { return .incomplete(expected: "a type name in parentheses, then ','") }
        scanner.skipBlanks()
        guard scanner.consume(codeWord) else { return .incomplete(expected: "'code'") }
        scanner.skipBlanks()
        guard let (code, _) = scanner.decimal(), code <= 0xffff else {
            return .incomplete(expected: "an event code number")
        }
        guard skipName(&scanner) else { return .incomplete(expected: "a code name in parentheses, then ','") }
        scanner.skipBlanks()
        guard scanner.consume(valueWord) else { return .incomplete(expected: "'value'") }
        scanner.skipBlanks()
        let value: Int32
        if type == Int64(EventType.msc.rawValue), code == Int64(MscCode.scan.rawValue) || code == Int64(MscCode.raw.rawValue) {
            // evtest prints scan codes and raw values in hex without a prefix ("value 90001").
            guard let hex = scanner.hex(maximumDigits: 8) else {
                return .incomplete(expected: "a hex value (evtest prints MSC_SCAN and MSC_RAW in hex)")
            }
            value = Int32(bitPattern: hex)
        } else {
            guard let decimal = scanner.signedInt32() else { return .incomplete(expected: "a decimal value") }
            value = decimal
        }
        return .event(InputEvent(time: time, type: EventType(UInt16(type)), code: EventCode(rawValue: UInt16(code)), value: value), usedConfigSync: false)
    }

    /// Skips ` (NAME),` — any name, `?` included — and returns whether it was there.
    private static func skipName(_ scanner: inout ByteScanner) -> Bool {
        scanner.skipBlanks()
        if scanner.consume(UInt8(ascii: "(")) {
            guard scanner.skip(through: UInt8(ascii: ")")) else { return false }
            scanner.skipBlanks()
        }
        return scanner.consume(UInt8(ascii: ","))
    }

    private static let separatorNames: [(name: [UInt8], code: EventCode?)] = [
        (Array("SYN_REPORT".utf8), SynCode.report),
        (Array("SYN_MT_REPORT".utf8), SynCode.mtReport),
        (Array("SYN_DROPPED".utf8), SynCode.dropped),
        (Array("SYN_CONFIG".utf8), SynCode.config),
        (Array("Report Sync".utf8), SynCode.report),
        (Array("Config Sync".utf8), nil),
    ]

    /// `-------------- NAME ------------` (or `++++` for SYN_MT_REPORT, or `>>>> NAME <<<<`).
    private static func parseSeparator(_ scanner: inout ByteScanner, time: Int64, configSyncCode: EventCode) -> Parsed {
        let bytes = scanner.bytes
        var start = scanner.position
        let leadingMark = start < bytes.count ? bytes[start] : 0
        while start < bytes.count, isSeparatorMark(bytes[start]) { start += 1 }
        var end = bytes.count
        while end > start, isSeparatorMark(bytes[end - 1]) { end -= 1 }
        guard start < end else { return .incomplete(expected: "'type T (NAME), code C (NAME), value V' or a SYN separator") }
        for candidate in separatorNames where bytes.bytes(from: start, to: end, equal: candidate.name) {
            scanner.position = bytes.count
            let code = candidate.code ?? configSyncCode
            return .event(InputEvent(time: time, type: .syn, code: code, value: 0), usedConfigSync: candidate.code == nil)
        }
        if leadingMark == UInt8(ascii: "+") {
            scanner.position = bytes.count
            return .event(InputEvent(time: time, type: .syn, code: SynCode.mtReport, value: 0), usedConfigSync: false)
        }
        return .incomplete(expected: "'type T (NAME), code C (NAME), value V' or a SYN separator (SYN_REPORT, SYN_MT_REPORT, SYN_DROPPED, Report Sync, Config Sync)")
    }

    private static func isSeparatorMark(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "="),
             UInt8(ascii: "*"), 32, 9:
            return true
        default:
            return false
        }
    }

    /// The error for an event line that stops making sense at the scanner's position.
    static func error(_ scanner: ByteScanner, path: String, line: Int, expected: String) -> RecordingError {
        let rest = scanner.restOfLine().trimmingBlanks
        return RecordingError(
            path: path, line: line,
            message: "expected \(expected), found \(rest.isEmpty ? "the end of the line" : RecordingError.quote(rest))")
    }
}

/// An evtest line cut where `Event: time` begins: text before the first event, then each event.
struct EvtestSegments {
    /// Text before the first event line (trimmed); empty when the line starts with an event.
    var leadingText: String
    /// Each event line, from its `Event: time` to the next one.
    var events: [String]

    init(_ text: String) {
        let marker = "Event: time"
        var pieces: [String] = []
        var rest = Substring(text)
        var leading = ""
        if let first = rest.firstRange(of: marker) {
            leading = String(rest[..<first.lowerBound]).trimmingBlanks
            rest = rest[first.lowerBound...]
            while let next = rest.dropFirst(marker.count).firstRange(of: marker) {
                pieces.append(String(rest[..<next.lowerBound]))
                rest = rest[next.lowerBound...]
            }
            pieces.append(String(rest))
        } else {
            leading = text.trimmingBlanks
        }
        leadingText = leading
        events = pieces
    }
}
