/// A small JSON parser (RFC 8259) that remembers the line and column of every value, for error
/// messages that point into the file. Rejects what JSON rejects: trailing commas, comments,
/// single quotes, control characters in strings, leading zeros, a second top-level value.
package struct JSONParser {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    private static let maximumDepth = 256

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
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
        try enter()
        offset += 1
        var members: [JSONNode.Member] = []
        if closesEmpty(UInt8(ascii: "}")) { return JSONNode(value: .object(members), location: location) }
        var closed = false
        while !closed {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else {
                if peek == UInt8(ascii: "}") { throw error("a trailing comma before '}' is not allowed in JSON") }
                throw error("unexpected \(describeHere()); expected a key in double quotes")
            }
            let keyLocation = here
            let key = try parseString()
            if members.contains(where: { $0.key == key }) {
                throw AHAPError(location: keyLocation, message: "the key \"\(key)\" appears twice in the same object")
            }
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw error("unexpected \(describeHere()); expected ':' after the key \"\(key)\"") }
            offset += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
            closed = try closesAfterItem(UInt8(ascii: "}"), place: "the value of \"\(key)\"")
        }
        return JSONNode(value: .object(members), location: location)
    }

    private mutating func parseArray() throws(AHAPError) -> JSONNode {
        let location = here
        try enter()
        offset += 1
        var elements: [JSONNode] = []
        if closesEmpty(UInt8(ascii: "]")) { return JSONNode(value: .array(elements), location: location) }
        var closed = false
        while !closed {
            skipWhitespace()
            if peek == UInt8(ascii: "]") { throw error("a trailing comma before ']' is not allowed in JSON") }
            elements.append(try parseValue())
            closed = try closesAfterItem(UInt8(ascii: "]"), place: "an array element")
        }
        return JSONNode(value: .array(elements), location: location)
    }

    /// Right after an object's or array's opening bracket: whether `close` follows at once. If it
    /// does, it is read and the container left.
    private mutating func closesEmpty(_ close: UInt8) -> Bool {
        skipWhitespace()
        guard peek == close else { return false }
        offset += 1
        depth -= 1
        return true
    }

    /// After a member or element (`place`, for the message): reads the `,` before the next one
    /// (false), or `close` and leaves the container (true).
    private mutating func closesAfterItem(_ close: UInt8, place: String) throws(AHAPError) -> Bool {
        skipWhitespace()
        if peek == UInt8(ascii: ",") { offset += 1; return false }
        guard peek == close else {
            throw error("unexpected \(describeHere()); expected ',' or '\(Character(Unicode.Scalar(close)))' after \(place)")
        }
        offset += 1
        depth -= 1
        return true
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
                    throw error("invalid escape sequence '\\\(String(UnicodeScalar(escape)))' in a string")
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
