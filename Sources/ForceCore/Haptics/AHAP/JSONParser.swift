/// A small JSON parser (RFC 8259) that remembers the line and column of every value, for error
/// messages that point into the file. Rejects what JSON rejects — comments, single quotes,
/// control characters in strings, leading zeros, a second top-level value, missing, doubled or
/// trailing commas — except that, where asked (AHAP files, as Core Haptics reads them), a
/// trailing comma before `}` or `]` is accepted and reported in `warnings` with its line and
/// column.
/// Shared within the package (feedbackd themes and profiles use it too).
package struct JSONParser {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    private static let maximumDepth = 256
    /// The keys and indices from the top to the value being parsed, for warnings.
    private var path: [PathComponent] = []
    /// Whether a trailing comma is accepted (with a warning) rather than an error.
    private let acceptsTrailingCommas: Bool
    /// What was accepted although JSON does not allow it: trailing commas.
    package private(set) var warnings: [AHAPWarning] = []

    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    /// A parser of `bytes`; `acceptsTrailingCommas` as Core Haptics does for AHAP files.
    package init(_ bytes: [UInt8], acceptsTrailingCommas: Bool = false) {
        self.bytes = bytes
        self.acceptsTrailingCommas = acceptsTrailingCommas
        // A UTF-8 byte order mark is allowed and skipped.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            offset = 3
            lineStart = 3
        }
    }

    /// Parses the whole text as one JSON value.
    package mutating func parseDocument() throws(AHAPError) -> JSONNode {
        skipWhitespace()
        guard offset < bytes.count else { throw error("the file is empty; expected a JSON object") }
        let node = try parseValue()
        skipWhitespace()
        if offset < bytes.count { throw error("unexpected \(describeHere()) after the end of the JSON value") }
        return node
    }

    // MARK: - Values

    private mutating func parseValue() throws(AHAPError) -> JSONNode {
        let location = here
        guard offset < bytes.count else { throw error("unexpected end of file; expected a value") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), location: location)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(value: .number(try parseNumber()), location: location)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(value: .bool(true), location: location)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(value: .bool(false), location: location)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(value: .null, location: location)
        default: throw error("unexpected \(describeHere()); expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func parseObject() throws(AHAPError) -> JSONNode {
        let location = here
        var members: [JSONNode.Member] = []
        try parseItems(closedBy: UInt8(ascii: "}")) { parser throws(AHAPError) in
            guard parser.peek == UInt8(ascii: "\"") else {
                throw parser.error("unexpected \(parser.describeHere()); expected a key in double quotes")
            }
            let keyLocation = parser.here
            let key = try parser.parseString()
            if members.contains(where: { $0.key == key }) {
                throw AHAPError(location: keyLocation, message: "the key \(JSONNode.quoted(key)) appears twice in the same object")
            }
            parser.skipWhitespace()
            guard parser.peek == UInt8(ascii: ":") else {
                throw parser.error("unexpected \(parser.describeHere()); expected ':' after the key \(JSONNode.quoted(key))")
            }
            parser.offset += 1
            parser.skipWhitespace()
            parser.path.append(.key(key))
            let value = try parser.parseValue()
            parser.path.removeLast()
            members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
            return key
        }
        return JSONNode(value: .object(members), location: location)
    }

    private mutating func parseArray() throws(AHAPError) -> JSONNode {
        let location = here
        var elements: [JSONNode] = []
        try parseItems(closedBy: UInt8(ascii: "]")) { parser throws(AHAPError) in
            parser.path.append(.index(elements.count))
            elements.append(try parser.parseValue())
            parser.path.removeLast()
            return nil
        }
        return JSONNode(value: .array(elements), location: location)
    }

    /// Reads an object's members or an array's elements, from the opening bracket to `closer`:
    /// none, or one or more separated by commas, each read by `item`, which returns the member's
    /// key (nil for an array element) for the message when neither a comma nor `closer` follows.
    private mutating func parseItems(
        closedBy closer: UInt8, _ item: (inout JSONParser) throws(AHAPError) -> String?
    ) throws(AHAPError) {
        try enter()
        offset += 1
        skipWhitespace()
        if peek == closer {
            offset += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            let key = try item(&self)
            skipWhitespace()
            if try consumeComma(before: closer) { continue }
            if peek == closer { offset += 1; break }
            let what = key.map { "the value of \(JSONNode.quoted($0))" } ?? "an array element"
            throw error("unexpected \(describeHere()); expected ',' or '\(String(UnicodeScalar(closer)))' after \(what)")
        }
        depth -= 1
    }

    private mutating func parseString() throws(AHAPError) -> String {
        let start = here
        offset += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            if !run.isEmpty { scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars); run.removeAll() }
        }
        while true {
            guard offset < bytes.count else { throw AHAPError(location: start, message: "unterminated string (no closing '\"')") }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                offset += 1
                guard offset < bytes.count else { throw AHAPError(location: start, message: "unterminated string (no closing '\"')") }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var value = try parseHex4()
                    if (0xD800...0xDBFF).contains(value), peek == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") {
                        offset += 2
                        let low = try parseHex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        }
                    }
                    scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                default:
                    offset -= 2
                    let shown = escape > 0x20 && escape < 0x7F
                        ? "'\\\(String(UnicodeScalar(escape)))'" : "'\\' followed by byte 0x\(String(escape, radix: 16))"
                    throw error("invalid escape sequence \(shown) in a string")
                }
            case 0x00..<0x20:
                if byte == 0x0A { throw AHAPError(location: start, message: "unterminated string (the line ends before the closing '\"')") }
                throw error("a control character (0x\(String(byte, radix: 16))) must be escaped in a string")
            default:
                run.append(byte)
                offset += 1
            }
        }
    }

    private mutating func parseHex4() throws(AHAPError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = JSONText.hexValue(of: bytes[offset]) else {
                throw error("'\\u' must be followed by four hexadecimal digits")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private mutating func parseNumber() throws(AHAPError) -> Double {
        let start = offset
        let location = here
        func digits() -> Int {
            var count = 0
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1; count += 1 }
            return count
        }
        if peek == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        let integerDigits = digits()
        guard integerDigits > 0 else { throw AHAPError(location: location, message: "invalid number: '-' must be followed by digits") }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
            throw AHAPError(location: location, message: "invalid number: leading zeros are not allowed in JSON")
        }
        if peek == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw AHAPError(location: location, message: "invalid number: '.' must be followed by digits") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            offset += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { throw AHAPError(location: location, message: "invalid number: the exponent has no digits") }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw AHAPError(location: location, message: "invalid number '\(text)'")
        }
        return value
    }

    private mutating func expectWord(_ word: String) throws(AHAPError) {
        let utf8 = Array(word.utf8)
        guard offset + utf8.count <= bytes.count, Array(bytes[offset..<offset + utf8.count]) == utf8 else {
            throw error("unexpected \(describeHere()); expected a value (did you mean \(word)?)")
        }
        offset += utf8.count
    }

    /// Consumes a `,` after a member or element and returns whether another one follows. A
    /// trailing comma (followed by `closer`) is an error, or, where accepted, is reported and
    /// returns false: the caller then finds the container closed.
    private mutating func consumeComma(before closer: UInt8) throws(AHAPError) -> Bool {
        guard peek == UInt8(ascii: ",") else { return false }
        let comma = here
        offset += 1
        skipWhitespace()
        guard peek == closer else { return true }
        guard acceptsTrailingCommas else {
            throw error("a trailing comma before '\(String(UnicodeScalar(closer)))' is not allowed in JSON")
        }
        warnings.append(AHAPWarning(
            location: comma, path: pathText,
            message: "trailing comma before '\(String(UnicodeScalar(closer)))'; accepted as Core Haptics accepts it (strict JSON readers reject it)"))
        return false
    }

    /// `path` as the decoder writes paths: `Pattern[2].Event.EventParameters`.
    private var pathText: String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += (text.isEmpty ? "" : ".") + JSONNode.escaped(key)
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    // MARK: - Position

    private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private var here: TextPosition { TextPosition(line: line, column: offset - lineStart + 1) }

    private mutating func enter() throws(AHAPError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested more than \(Self.maximumDepth) levels deep") }
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0D:
                offset += 1
            case 0x0A:
                offset += 1
                line += 1
                lineStart = offset
            default:
                return
            }
        }
    }

    private func describeHere() -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "/") { return "'/' (comments are not allowed in JSON)" }
        if byte == UInt8(ascii: "'") { return "\"'\" (JSON strings use double quotes)" }
        if byte >= 0x21 && byte < 0x7F { return "'\(String(UnicodeScalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    private func error(_ message: String) -> AHAPError {
        AHAPError(location: here, message: message)
    }
}
