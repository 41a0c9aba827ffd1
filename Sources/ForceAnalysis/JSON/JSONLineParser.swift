import ForceCore

/// Reads one line of a jsonl stream as one JSON object (RFC 8259), strictly: no trailing
/// commas, comments, single quotes, leading zeros, raw control characters in strings, repeated
/// keys, lone surrogates, or anything after the object. Errors give the 1-based column. Any
/// input gives a value or an error, never a crash: nesting is limited to `maximumDepth`.
public struct JSONLineParser {
    /// How deep arrays and objects may nest.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0

    /// Parses `line` (without its newline) as a JSON object.
    public static func parseObject(_ line: some StringProtocol) throws(JSONSyntaxError) -> [JSONMember] {
        var parser = JSONLineParser(bytes: Array(line.utf8))
        return try parser.parseLine()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func parseLine() throws(JSONSyntaxError) -> [JSONMember] {
        skipWhitespace()
        guard peek == UInt8(ascii: "{") else {
            throw failure(peek == nil ? "expected a JSON object, found an empty line" : "expected a JSON object starting with '{', found \(here)")
        }
        guard case .object(let members) = try parseValue(depth: 0) else { throw failure("expected a JSON object") }
        skipWhitespace()
        guard index == bytes.count else { throw failure("expected the end of the line after the object, found \(here)") }
        return members
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The byte at the current position, described for a message.
    private var here: String {
        guard let byte = peek else { return "the end of the line" }
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16)
    }

    private func failure(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(column: (position ?? index) + 1, message: message)
    }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard let byte = peek else { throw failure("expected a value, found the end of the line") }
        switch byte {
        case UInt8(ascii: "{"): return .object(try parseMembers(depth: depth + 1))
        case UInt8(ascii: "["): return .array(try parseElements(depth: depth + 1))
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        default: throw failure("expected a value (object, array, string, number, true, false or null), found \(here)")
        }
    }

    private mutating func parseMembers(depth: Int) throws(JSONSyntaxError) -> [JSONMember] {
        guard depth <= Self.maximumDepth else { throw failure("objects and arrays nest deeper than \(Self.maximumDepth) levels") }
        index += 1  // {
        var members: [JSONMember] = []
        skipWhitespace()
        if peek == UInt8(ascii: "}") { index += 1; return members }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else {
                throw failure(peek == UInt8(ascii: "}") ? "expected a key after ',' (JSON allows no trailing comma)" : "expected a key in double quotes, found \(here)")
            }
            let keyStart = index
            let key = try parseString()
            if members.contains(where: { $0.key == key }) {
                throw failure("the key \"\(key)\" appears twice in the object", at: keyStart)
            }
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw failure("expected ':' after the key \"\(key)\", found \(here)") }
            index += 1
            members.append(JSONMember(key, try parseValue(depth: depth)))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return members
            default: throw failure("expected ',' or '}' after the value of \"\(key)\", found \(here)")
            }
        }
    }

    private mutating func parseElements(depth: Int) throws(JSONSyntaxError) -> [JSONValue] {
        guard depth <= Self.maximumDepth else { throw failure("objects and arrays nest deeper than \(Self.maximumDepth) levels") }
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") { index += 1; return elements }
        while true {
            skipWhitespace()
            if peek == UInt8(ascii: "]") { throw failure("expected a value after ',' (JSON allows no trailing comma)") }
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return elements
            default: throw failure("expected ',' or ']' after an array element, found \(here)")
            }
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        let count = word.utf8CodeUnitCount
        let matches = bytes.count - index >= count && word.withUTF8Buffer { Array($0) == Array(bytes[index..<(index + count)]) }
        guard matches else { throw failure("expected \(word), found \(here)", at: start) }
        index += count
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1  // opening quote
        var utf8: [UInt8] = []
        while true {
            guard let byte = peek else { throw failure("the string has no closing '\"'", at: start) }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try parseEscape(into: &utf8)
            case 0..<0x20:
                throw failure("a control character (0x\(String(byte, radix: 16))) must be escaped inside a string")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = peek else { throw failure("expected an escape after '\\', found the end of the line") }
        index += 1
        let simple: UInt8?
        switch byte {
        case UInt8(ascii: "\""): simple = byte
        case UInt8(ascii: "\\"): simple = byte
        case UInt8(ascii: "/"): simple = byte
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: throw failure("'\\\(Character(Unicode.Scalar(byte)))' is not a JSON escape", at: index - 2)
        }
        if let simple { return utf8.append(simple) }
        let escapeStart = index - 2
        var code = try parseHex4()
        if (0xD800...0xDBFF).contains(code) {
            guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure("a high surrogate \\u\(String(code, radix: 16)) must be followed by a low one", at: escapeStart)
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw failure("expected a low surrogate after \\u\(String(code, radix: 16))", at: escapeStart) }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(code) {
            throw failure("a lone low surrogate \\u\(String(code, radix: 16)) is not a character", at: escapeStart)
        }
        guard let scalar = Unicode.Scalar(code) else { throw failure("\\u escape is not a character", at: escapeStart) }
        utf8.append(contentsOf: String(Character(scalar)).utf8)
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = JSONText.hexValue(of: byte) else { throw failure("expected four hex digits after \\u, found \(here)") }
            code = code << 4 | digit
            index += 1
        }
        return code
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, finite.
    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        guard let first = peek, Self.isDigit(first) else { throw failure("expected a digit, found \(here)") }
        if first == UInt8(ascii: "0"), index + 1 < bytes.count, Self.isDigit(bytes[index + 1]) {
            throw failure("a number may not have a leading zero", at: start)
        }
        skipDigits()
        if peek == UInt8(ascii: ".") {
            index += 1
            guard let digit = peek, Self.isDigit(digit) else { throw failure("expected a digit after '.', found \(here)") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard let digit = peek, Self.isDigit(digit) else { throw failure("expected a digit in the exponent, found \(here)") }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw failure("the number \(text) is out of range", at: start) }
        return value
    }

    private mutating func skipDigits() {
        while let byte = peek, Self.isDigit(byte) { index += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
