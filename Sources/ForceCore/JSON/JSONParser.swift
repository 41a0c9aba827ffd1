/// The package's JSON reader (RFC 8259): text in, `JSONNode`s out, each with the line and column
/// where it starts, so that every reader built on it (AHAP files, feedbackd themes, profiles,
/// session transcripts, the ratings file) can say exactly where a problem is.
///
/// It rejects what JSON rejects — comments, single quotes, control characters in strings,
/// leading zeros, numbers out of range, escapes that are half of a surrogate pair, a key twice in
/// one object, a second top-level value, missing, doubled or trailing commas — with a
/// `JSONSyntaxError` saying where and what was expected. Where asked (AHAP files, as Core Haptics
/// reads them), a trailing comma before `}` or `]` is accepted instead and reported in
/// `warnings` with its line, column and element. Any input gives a value or an error, never a
/// crash: nesting is limited to `maximumDepth`.
///
/// A document is one value (`parseDocument()`); a jsonl stream is one value per line
/// (`parseLine(_:number:)`), read from the stream's bytes in place.
public struct JSONParser {
    /// How deep arrays and objects may nest.
    public static let maximumDepth = 256

    let bytes: [UInt8]
    var offset = 0
    /// Where the text being read ends (the end of a line of a jsonl stream).
    var end: Int
    var line = 1
    var lineStart = 0
    private var depth = 0
    /// What the end of the text is called in messages: the end of the file or of the line.
    var endName = "end of file"
    /// Whether a trailing comma is accepted (with a warning) rather than an error.
    private let acceptsTrailingCommas: Bool
    /// The keys and indices from the top to the value being read, for warnings (kept only when
    /// trailing commas are accepted: nothing else needs them).
    private var path: [PathComponent] = []
    /// The members and elements of the objects and arrays being read, innermost last: one
    /// buffer, reused, so that a container costs one allocation, of its final size.
    private var openMembers: [JSONNode.Member] = []
    private var openElements: [JSONNode] = []
    /// The bytes of a string with escapes, reused.
    var unescaped: [UInt8] = []

    /// What was accepted although JSON does not allow it: trailing commas.
    public private(set) var warnings: [JSONDocumentWarning] = []

    private enum PathComponent {
        case key(String)
        case index(Int)
    }

    /// A parser of `bytes`; `acceptsTrailingCommas` as Core Haptics does for AHAP files.
    public init(_ bytes: [UInt8], acceptsTrailingCommas: Bool = false) {
        self.bytes = bytes
        self.end = bytes.count
        self.acceptsTrailingCommas = acceptsTrailingCommas
    }

    /// Reads the whole text as one JSON value (after a UTF-8 byte order mark, if any).
    public mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        end = bytes.count
        line = 1
        lineStart = offset
        endName = "end of file"
        return try parseOne(emptyMessage: "the file is empty; expected a JSON object")
    }

    /// Reads `range` of the text, line `number` of a jsonl stream (without its line break), as
    /// one JSON value; positions are on that line.
    public mutating func parseLine(_ range: Range<Int>, number: Int) throws(JSONSyntaxError) -> JSONNode {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "the line is outside the text")
        offset = range.lowerBound
        end = range.upperBound
        line = number
        lineStart = range.lowerBound
        endName = "end of the line"
        return try parseOne(emptyMessage: "the line is empty; expected a JSON object")
    }

    private mutating func parseOne(emptyMessage: String) throws(JSONSyntaxError) -> JSONNode {
        depth = 0
        path.removeAll()
        openMembers.removeAll(keepingCapacity: true)
        openElements.removeAll(keepingCapacity: true)
        skipWhitespace()
        guard offset < end else { throw error(emptyMessage) }
        let node = try parseValue()
        skipWhitespace()
        if offset < end { throw error("unexpected \(describeHere()) after the end of the JSON value") }
        return node
    }

    // MARK: - Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let location = here
        guard offset < end else { throw error("unexpected \(endName); expected a value") }
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

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONNode {
        let location = here
        try enter()
        let first = openMembers.count
        defer { openMembers.removeSubrange(first...) }
        // Beyond a few members, repeated keys are found through a set rather than a scan.
        var keys: Set<String>?
        if peek != UInt8(ascii: "}") {
            while true {
                guard peek == UInt8(ascii: "\"") else {
                    throw error("unexpected \(describeHere()); expected a key in double quotes")
                }
                let keyLocation = here
                let key = try parseString()
                if keys == nil, openMembers.count - first == 16 { keys = Set(openMembers[first...].map(\.key)) }
                let repeated: Bool
                if keys != nil {
                    repeated = !keys!.insert(key).inserted
                } else {
                    repeated = openMembers[first...].contains { $0.key == key }
                }
                if repeated {
                    throw JSONSyntaxError(location: keyLocation, message: "the key \(JSONNode.quoted(key)) appears twice in the same object")
                }
                skipWhitespace()
                guard peek == UInt8(ascii: ":") else {
                    throw error("unexpected \(describeHere()); expected ':' after the key \(JSONNode.quoted(key))")
                }
                offset += 1
                skipWhitespace()
                if acceptsTrailingCommas { path.append(.key(key)) }
                let value = try parseValue()
                if acceptsTrailingCommas { path.removeLast() }
                openMembers.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
                skipWhitespace()
                if try consumeComma(before: UInt8(ascii: "}")) { continue }
                guard peek == UInt8(ascii: "}") else {
                    throw error("unexpected \(describeHere()); expected ',' or '}' after the value of \(JSONNode.quoted(key))")
                }
                break
            }
        }
        leave()
        return JSONNode(value: .object(Array(openMembers[first...])), location: location)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONNode {
        let location = here
        try enter()
        let first = openElements.count
        defer { openElements.removeSubrange(first...) }
        if peek != UInt8(ascii: "]") {
            while true {
                if acceptsTrailingCommas { path.append(.index(openElements.count - first)) }
                let element = try parseValue()
                if acceptsTrailingCommas { path.removeLast() }
                openElements.append(element)
                skipWhitespace()
                if try consumeComma(before: UInt8(ascii: "]")) { continue }
                guard peek == UInt8(ascii: "]") else {
                    throw error("unexpected \(describeHere()); expected ',' or ']' after an array element")
                }
                break
            }
        }
        leave()
        return JSONNode(value: .array(Array(openElements[first...])), location: location)
    }

    /// Steps over the opening bracket, and the whitespace after it, one level deeper.
    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested more than \(Self.maximumDepth) levels deep") }
        offset += 1
        skipWhitespace()
    }

    /// Steps over the closing bracket, one level up.
    private mutating func leave() {
        offset += 1
        depth -= 1
    }

    /// Steps over `word` (`true`, `false`, `null`); a word that starts as it does (`tru`,
    /// `nul`) is taken for a misspelling of it.
    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let matching = word.withUTF8Buffer { utf8 in
            utf8.indices.prefix { offset + $0 < end && bytes[offset + $0] == utf8[$0] }.count
        }
        guard matching == count else {
            let expected = matching >= 2 ? "did you mean \(word)?" : "object, array, string, number, true, false or null"
            throw error("unexpected \(describeHere()); expected a value (\(expected))")
        }
        offset += count
    }

    /// Consumes a `,` after a member or element, and the whitespace after it, and returns whether
    /// another one follows. A trailing comma (followed by `closer`) is an error, or, where
    /// accepted, is reported and returns false: the caller then finds the container closed.
    private mutating func consumeComma(before closer: UInt8) throws(JSONSyntaxError) -> Bool {
        guard peek == UInt8(ascii: ",") else { return false }
        let comma = here
        offset += 1
        skipWhitespace()
        guard peek == closer else { return true }
        guard acceptsTrailingCommas else {
            throw error("a trailing comma before '\(String(UnicodeScalar(closer)))' is not allowed in JSON")
        }
        warnings.append(JSONDocumentWarning(
            location: comma, path: pathText,
            message: "trailing comma before '\(String(UnicodeScalar(closer)))'; accepted as Core Haptics accepts it (strict JSON readers reject it)"))
        return false
    }

    /// `path` as the readers write paths: `Pattern[2].Event.EventParameters`.
    private var pathText: String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text = JSONNode.path(text, key)
            case .index(let index): text = JSONNode.path(text, index)
            }
        }
        return text
    }

    // MARK: - Position

    var peek: UInt8? { offset < end ? bytes[offset] : nil }

    var here: TextPosition { position(of: offset) }

    /// The position of the byte at `index` on the line being read.
    func position(of index: Int) -> TextPosition { TextPosition(line: line, column: index - lineStart + 1) }

    mutating func skipWhitespace() {
        while offset < end {
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

    func describeHere() -> String {
        guard offset < end else { return endName }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "/") { return "'/' (comments are not allowed in JSON)" }
        if byte == UInt8(ascii: "'") { return "\"'\" (JSON strings use double quotes)" }
        if byte >= 0x21 && byte < 0x7F { return "'\(String(UnicodeScalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(location: here, message: message)
    }
}
