import ForceCore

/// The header of an evtest log while it is read, line by line, with pasted text and glued lines
/// tolerated.
struct EvtestHeader {
    let path: String
    var device = DeviceDescription(name: "")
    var driverVersion: String?
    var warnings: [RecordingWarning] = []

    private var hasName = false
    private var hasSupportedEvents = false
    private var section = Section.identity
    private var currentType: EventType?
    private var currentAxis: EventCode?
    private var ignored: IgnoredText?

    private enum Section { case identity, events, keyRepeat, properties }

    init(path: String) { self.path = path }

    /// Lines that begin a header row (or the events).
    private static let markers = [
        "Input driver version is", "Input device ID:", "Input device name:", "Supported events:",
        "Event type ", "Event code ", "Key repeat handling:", "Repeat type ", "Repeat code ",
        "Properties:", "Property type ", "Testing ... (interrupt to exit)", "Event: time",
    ].map { Array($0.utf8) }

    /// Markers specific enough to be found after pasted text on the same line.
    private static let strongMarkers = [
        "Input driver version is", "Input device ID:", "Input device name:", "Supported events:", "Event: time",
    ].map { Array($0.utf8) }

    /// The words of the rows under an absolute axis (and `State` of newer evtest versions).
    private static let axisFields = ["Value", "Min", "Max", "Fuzz", "Flat", "Resolution", "State"].map { Array($0.utf8) }

    private static let eventMarker = Array("Event: time".utf8)

    /// Reads one line of the file. Returns the text from the first event on, when the line
    /// holds the first event (the header ends there).
    mutating func read(_ text: String, line: Int) throws -> String? {
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count, Self.isBlank(bytes[start]) { start += 1 }
        var end = bytes.count
        while end > start, Self.isBlank(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        if Self.marker(in: bytes, at: start, from: Self.markers) == nil, !Self.startsAxisRow(bytes, at: start, end: end) {
            // Pasted text; perhaps with the log glued to its end.
            guard let cut = Self.firstStrongMarker(in: bytes, from: start + 1, to: end) else {
                noteIgnored(text, line: line)
                return nil
            }
            flushIgnored()
            warnings.append(RecordingWarning(
                path: path, line: line,
                message: "ignored text before the evtest log on this line: \(RecordingError.quote(Self.string(bytes, start, cut).trimmingBlanks))"))
            start = cut
        }
        flushIgnored()
        let cuts = Self.segmentStarts(bytes, from: start, to: end)
        if cuts.count > 1 {
            let rows = cuts.prefix { Self.marker(in: bytes, at: $0, from: [Self.eventMarker]) == nil }.count
            warnings.append(RecordingWarning(
                path: path, line: line,
                message: "\(cuts.count) evtest lines glued together\(rows < cuts.count ? " (header and events)" : ""); read as \(cuts.count) lines"))
        }
        for (index, cut) in cuts.enumerated() {
            if Self.marker(in: bytes, at: cut, from: [Self.eventMarker]) != nil {
                return Self.string(bytes, cut, end)
            }
            let segmentEnd = index + 1 < cuts.count ? cuts[index + 1] : end
            try readRow(Self.string(bytes, cut, segmentEnd).trimmingBlanks, line: line)
        }
        return nil
    }

    /// Reads one header row (a line, or a piece of glued line).
    private mutating func readRow(_ row: String, line: Int) throws {
        if row.hasPrefix("Input driver version is") {
            driverVersion = String(row.dropFirst("Input driver version is".count)).trimmingBlanks
        } else if row.hasPrefix("Input device ID:") {
            device.id = try inputID(String(row.dropFirst("Input device ID:".count)), row: row, line: line)
        } else if row.hasPrefix("Input device name:") {
            device.name = Self.quotedName(String(row.dropFirst("Input device name:".count)).trimmingBlanks)
            hasName = true
        } else if row.hasPrefix("Supported events:") {
            section = .events
            hasSupportedEvents = true
        } else if row.hasPrefix("Event type ") {
            let number = try leadingNumber(row, after: "Event type ", what: "an event type number up to 31", limit: Int(EventType.maximum), line: line)
            let type = EventType(UInt16(number))
            section = .events
            currentType = type
            currentAxis = nil
            device.enable(type)
        } else if row.hasPrefix("Event code ") {
            guard let type = currentType, section == .events else {
                throw RecordingError.unexpected(path: path, line: line, expected: "an 'Event type N (…)' row before the first 'Event code'", found: row)
            }
            let code = EventCode(rawValue: UInt16(try leadingNumber(row, after: "Event code ", what: "an event code number", limit: 0xffff, line: line)))
            currentAxis = nil
            if type == .syn { return }
            device.enable(type, code: code)
            if type == .abs { currentAxis = code }
        } else if row.hasPrefix("Key repeat handling:") {
            section = .keyRepeat
            currentType = nil
            currentAxis = nil
            device.enable(.rep)
        } else if row.hasPrefix("Repeat type ") || row.hasPrefix("Repeat code ") {
            return
        } else if row.hasPrefix("Properties:") {
            section = .properties
            currentType = nil
            currentAxis = nil
        } else if row.hasPrefix("Property type ") {
            let property = try leadingNumber(row, after: "Property type ", what: "a property number up to 31", limit: 0x1f, line: line)
            device.properties.insert(UInt16(property))
        } else if row.hasPrefix("Testing ...") {
            return
        } else {
            try readAxisField(row, line: line)
        }
    }

    /// `Value 0`, `Min 0`, `Max 4095`, `Fuzz 4`, `Flat 0`, `Resolution 40` (and `State 0`).
    private mutating func readAxisField(_ row: String, line: Int) throws {
        let parts = row.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard parts.count == 2, let value = Int32(parts[1]) else {
            throw RecordingError.unexpected(path: path, line: line, expected: "an axis row such as 'Min 0' (a word and a number)", found: row)
        }
        let field = parts[0]
        if field == "State" || section == .keyRepeat { return }
        guard let code = currentAxis, var info = device.axes[code] else {
            throw RecordingError.unexpected(path: path, line: line, expected: "an absolute axis ('Event code N (ABS_…)') before its \(RecordingError.quote(String(field))) row", found: row)
        }
        switch field {
        case "Value": info.value = value
        case "Min": info.minimum = value
        case "Max": info.maximum = value
        case "Fuzz": info.fuzz = value
        case "Flat": info.flat = value
        case "Resolution": info.resolution = value
        default:
            throw RecordingError.unexpected(path: path, line: line, expected: "Value, Min, Max, Fuzz, Flat or Resolution", found: row)
        }
        device.axes[code] = info
    }

    private func leadingNumber(_ row: String, after prefix: String, what: String, limit: Int, line: Int) throws -> Int {
        let rest = row.dropFirst(prefix.count).drop { $0 == " " }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let number = Int(digits), number <= limit else {
            throw RecordingError.unexpected(path: path, line: line, expected: "'\(prefix)' followed by \(what)", found: row)
        }
        return number
    }

    /// `bus 0x3 vendor 0x56a product 0x357 version 0x110`.
    private func inputID(_ text: String, row: String, line: Int) throws -> InputID {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        var values: [String: UInt16] = [:]
        var index = 0
        while index + 1 < parts.count {
            var digits = parts[index + 1]
            if digits.hasPrefix("0x") || digits.hasPrefix("0X") { digits = digits.dropFirst(2) }
            guard let value = UInt16(digits, radix: 16) else { break }
            values[String(parts[index])] = value
            index += 2
        }
        guard index == parts.count, let bus = values["bus"], let vendor = values["vendor"],
              let product = values["product"], let version = values["version"]
        else {
            throw RecordingError.unexpected(
                path: path, line: line,
                expected: "'Input device ID: bus 0x… vendor 0x… product 0x… version 0x…'", found: row)
        }
        return InputID(bustype: bus, vendor: vendor, product: product, version: version)
    }

    /// The name between the quotes (evtest quotes it); unquoted text is taken as it is.
    private static func quotedName(_ text: String) -> String {
        guard text.hasPrefix("\"") else { return text }
        let inner = text.dropFirst()
        guard let close = inner.lastIndex(of: "\"") else { return String(inner) }
        return String(inner[..<close])
    }

    /// Checks that what was read describes a device, before the first event at `firstEventLine`.
    mutating func validate(firstEventLine: Int?) throws {
        guard hasName || hasSupportedEvents else {
            throw RecordingError(
                path: path, line: firstEventLine,
                message: "expected an evtest header ('Input device name: \"…\"', 'Supported events:') \(firstEventLine == nil ? "in the file" : "before the first event"), found none")
        }
        guard hasSupportedEvents else {
            throw RecordingError(
                path: path, line: firstEventLine,
                message: "expected 'Supported events:' in the evtest header (the device's axes and buttons), found none")
        }
        if !hasName {
            warnings.append(RecordingWarning(path: path, message: "the evtest header has no 'Input device name:' line; the device is unnamed"))
        }
    }

    // MARK: - Pasted text

    private mutating func noteIgnored(_ text: String, line: Int) {
        IgnoredText.note(text, line: line, in: &ignored)
    }

    mutating func flushIgnored() {
        guard let run = ignored else { return }
        ignored = nil
        warnings.append(run.warning(path: path, context: hasName || hasSupportedEvents ? "inside the header" : "before the header"))
    }

    // MARK: - Glued lines

    /// Where each row of a (possibly glued) line begins. Cuts happen at row markers outside
    /// quotes and parentheses, and at axis rows (`Min 0`) glued to what precedes them; nothing
    /// after the first `Event: time` is cut here.
    private static func segmentStarts(_ bytes: [UInt8], from start: Int, to end: Int) -> [Int] {
        var cuts = [start]
        if marker(in: bytes, at: start, from: [eventMarker]) != nil { return cuts }
        var inQuotes = false
        var depth = 0
        var index = start + 1
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
            else if !inQuotes, byte == UInt8(ascii: "(") { depth += 1 }
            else if !inQuotes, byte == UInt8(ascii: ")") { depth = max(0, depth - 1) }
            else if !inQuotes, depth == 0 {
                if let length = marker(in: bytes, at: index, from: markers) {
                    cuts.append(index)
                    if marker(in: bytes, at: index, from: [eventMarker]) != nil { return cuts }
                    index += length
                    continue
                }
                if isAxisField(bytes, at: index, end: end) {
                    cuts.append(index)
                }
            }
            index += 1
        }
        return cuts
    }

    /// Whether an axis row (`Min 0`) is glued at `index` to what precedes it.
    private static func isAxisField(_ bytes: [UInt8], at index: Int, end: Int) -> Bool {
        let previous = bytes[index - 1]
        if isLetter(previous) || previous == UInt8(ascii: "_") { return false }
        return isAxisRow(bytes, at: index, end: end)
    }

    /// Whether a line that starts at `index` is an axis row: a field word and a blank (its
    /// number is checked when the row is read, so that `Max lots` is an error, not pasted text).
    private static func startsAxisRow(_ bytes: [UInt8], at index: Int, end: Int) -> Bool {
        guard let length = marker(in: bytes, at: index, from: axisFields) else { return false }
        return index + length < end && isBlank(bytes[index + length])
    }

    /// Whether an axis row (`Min 0`: a field word, blanks, a number) starts at `index`.
    private static func isAxisRow(_ bytes: [UInt8], at index: Int, end: Int) -> Bool {
        guard let length = marker(in: bytes, at: index, from: axisFields) else { return false }
        var next = index + length
        guard next < end, isBlank(bytes[next]) else { return false }
        while next < end, isBlank(bytes[next]) { next += 1 }
        guard next < end else { return false }
        return bytes[next] == UInt8(ascii: "-") || (bytes[next] >= 48 && bytes[next] <= 57)
    }

    private static func firstStrongMarker(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end {
            if marker(in: bytes, at: index, from: strongMarkers) != nil { return index }
            index += 1
        }
        return nil
    }

    /// The length of the first of `candidates` found at `index`, if any.
    private static func marker(in bytes: [UInt8], at index: Int, from candidates: [[UInt8]]) -> Int? {
        for candidate in candidates where bytes.count - index >= candidate.count {
            var matches = true
            for offset in 0..<candidate.count where bytes[index + offset] != candidate[offset] {
                matches = false
                break
            }
            if matches { return candidate.count }
        }
        return nil
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 13 }
    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 97 && (byte | 0x20) <= 122 }
    private static func string(_ bytes: [UInt8], _ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
