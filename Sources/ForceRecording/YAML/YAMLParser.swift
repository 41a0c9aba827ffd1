/// Reads the subset of YAML that `libinput record` writes, into `YAMLNode`s.
///
/// Understood: one document (an optional `---` before it, `...` after it, a UTF-8 byte order
/// mark); block mappings and sequences by indentation, including the sequence that sits at its
/// key's own indentation (`devices:` then `- node: …`) and the compact forms `- key: value` and
/// `- - item`; flow sequences and mappings (`[ 0, 0, 1 ]`, `{time: 0.1, type: TOUCH_DOWN}`),
/// which may span lines (`hid: [` … `]`); plain, single-quoted and double-quoted scalars (all of
/// YAML's escapes), each on one line; `#` comments anywhere. Not understood, and reported as
/// such: anchors, aliases, tags, block scalars (`|`, `>`), directives, `?` keys, scalars that
/// continue on the next line, and tabs used for indentation. Keys appear once per mapping.
///
/// Every problem is a `YAMLSyntaxError` with the line where reading stopped; no input makes the
/// parser trap (nesting is limited to `maximumDepth`, so deep input cannot exhaust the stack).
struct YAMLParser {
    /// How many collections may nest inside each other.
    static let maximumDepth = 64

    let bytes: [UInt8]
    /// The offset of the next byte.
    var position = 0
    /// The 1-based line of `position`.
    var line = 1
    /// The offset where the current line starts.
    var lineStart = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Reads the document in `bytes`; nil when it holds no node (only comments, or nothing).
    static func parse(_ bytes: [UInt8]) throws(YAMLSyntaxError) -> YAMLNode? {
        var parser = YAMLParser(bytes: bytes)
        try parser.checkCharacters()
        return try parser.document()
    }

    private mutating func document() throws(YAMLSyntaxError) -> YAMLNode? {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
            lineStart = 3
        }
        try skipBlankLines()
        if isAtDocumentMarker(Byte.dash) {
            position += 3
            try finishLine()
            try skipBlankLines()
        }
        var root: YAMLNode?
        if !isAtEnd, !isAtDocumentMarker(Byte.dot) {
            root = try blockNode(depth: 0)
            try skipBlankLines()
        }
        if isAtDocumentMarker(Byte.dot) {
            position += 3
            try finishLine()
            try skipBlankLines()
        }
        guard isAtEnd else {
            if isAtDocumentMarker(Byte.dash) {
                throw .syntax(line: line, "a second document starts here ('---'); a recording is one YAML document")
            }
            throw .syntax(line: line, "\(quotedRestOfLine()) is outside the document's top-level node (indented less than its first line)")
        }
        return root
    }

    /// Rejects the characters YAML allows nowhere: control characters other than tab, line feed
    /// and carriage return, and DEL.
    private func checkCharacters() throws(YAMLSyntaxError) {
        var line = 1
        for byte in bytes {
            if byte == Byte.lineFeed {
                line += 1
            } else if (byte < 0x20 && byte != Byte.tab && byte != Byte.carriageReturn) || byte == 0x7F {
                throw .unreadable(line: line, "control characters are not allowed")
            }
        }
    }

    // MARK: - Looking at the bytes

    /// The byte `offset` bytes ahead, or 0 past the end (NUL is rejected before parsing, so 0
    /// means the end).
    @inline(__always)
    func peek(_ offset: Int = 0) -> UInt8 {
        let index = position + offset
        return index < bytes.count ? bytes[index] : 0
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// The 0-based column of `position` (in bytes; indentation is spaces only).
    var column: Int { position - lineStart }

    static func isBreak(_ byte: UInt8) -> Bool { byte == Byte.lineFeed || byte == Byte.carriageReturn }

    static func isBlank(_ byte: UInt8) -> Bool { byte == Byte.space || byte == Byte.tab }

    /// A space, tab, line break or the end.
    static func isBlankOrEnd(_ byte: UInt8) -> Bool { byte == 0 || isBlank(byte) || isBreak(byte) }

    /// Whether a block sequence entry starts here: `-` then a blank, a line break or the end.
    var isAtSequenceEntry: Bool { peek() == Byte.dash && Self.isBlankOrEnd(peek(1)) }

    /// Whether a block mapping's `:` is here: `:` then a blank, a line break or the end.
    var isAtBlockValueIndicator: Bool { peek() == Byte.colon && Self.isBlankOrEnd(peek(1)) }

    /// Whether `---` (with `Byte.dash`) or `...` (with `Byte.dot`) starts this line on its own.
    func isAtDocumentMarker(_ byte: UInt8) -> Bool {
        column == 0 && peek() == byte && peek(1) == byte && peek(2) == byte && Self.isBlankOrEnd(peek(3))
    }

    /// Whether only blanks and perhaps a comment are left on the line (skipping the blanks).
    mutating func isAtLineEndOrComment() -> Bool {
        skipBlanks()
        let byte = peek()
        return byte == 0 || Self.isBreak(byte) || byte == Byte.hash
    }

    /// The rest of the line from the position, quoted for a message.
    func quotedRestOfLine() -> String {
        var end = position
        while end < bytes.count, !Self.isBreak(bytes[end]) { end += 1 }
        return RecordingError.quote(String(decoding: bytes[position..<end], as: UTF8.self))
    }

    // MARK: - Moving

    /// Skips spaces and tabs within the line.
    mutating func skipBlanks() {
        while Self.isBlank(peek()) { position += 1 }
    }

    /// Skips a comment up to (not over) the line break.
    mutating func skipComment() {
        while position < bytes.count, !Self.isBreak(bytes[position]) { position += 1 }
    }

    /// Moves over one line break (`\n`, `\r\n` or a lone `\r`).
    mutating func consumeBreak() {
        if peek() == Byte.carriageReturn { position += 1 }
        if peek() == Byte.lineFeed { position += 1 }
        line += 1
        lineStart = position
    }

    /// Ends the line of a complete value: only blanks and a comment may follow.
    mutating func finishLine() throws(YAMLSyntaxError) {
        guard isAtLineEndOrComment() else {
            throw .syntax(line: line, "\(quotedRestOfLine()) follows a complete value on its line")
        }
        skipComment()
        if !isAtEnd { consumeBreak() }
    }

    /// Skips blank and comment-only lines, stopping at the first content character (or the end).
    /// A content line indented with a tab is an error: YAML indents with spaces.
    mutating func skipBlankLines() throws(YAMLSyntaxError) {
        while !isAtEnd {
            var sawTab = false
            while Self.isBlank(peek()) {
                if peek() == Byte.tab { sawTab = true }
                position += 1
            }
            if peek() == Byte.hash { skipComment() }
            if isAtEnd { return }
            guard Self.isBreak(peek()) else {
                if sawTab { throw .syntax(line: line, "a tab indents this line (YAML indents with spaces only)") }
                return
            }
            consumeBreak()
        }
    }

    /// Skips blanks, line breaks and comments between the parts of a flow collection.
    mutating func skipFlowSpace() {
        while !isAtEnd {
            let byte = peek()
            if Self.isBlank(byte) {
                position += 1
            } else if Self.isBreak(byte) {
                consumeBreak()
            } else if byte == Byte.hash {
                skipComment()
            } else {
                return
            }
        }
    }

    /// Fails when a collection would nest deeper than `maximumDepth`.
    func checkDepth(_ depth: Int) throws(YAMLSyntaxError) {
        guard depth < Self.maximumDepth else {
            throw .syntax(line: line, "more than \(Self.maximumDepth) collections are nested here")
        }
    }
}

extension YAMLParser {
    /// The ASCII bytes the parser looks for.
    enum Byte {
        static let tab: UInt8 = 9
        static let lineFeed: UInt8 = 10
        static let carriageReturn: UInt8 = 13
        static let space: UInt8 = 32
        static let doubleQuote = UInt8(ascii: "\"")
        static let singleQuote = UInt8(ascii: "'")
        static let hash = UInt8(ascii: "#")
        static let comma = UInt8(ascii: ",")
        static let dash = UInt8(ascii: "-")
        static let dot = UInt8(ascii: ".")
        static let colon = UInt8(ascii: ":")
        static let openBracket = UInt8(ascii: "[")
        static let closeBracket = UInt8(ascii: "]")
        static let openBrace = UInt8(ascii: "{")
        static let closeBrace = UInt8(ascii: "}")
        static let backslash = UInt8(ascii: "\\")
    }
}
