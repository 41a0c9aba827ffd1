/// Scalars: plain, single-quoted and double-quoted text, each on one line.
extension YAMLParser {
    /// The scalar that starts at the position. Inside a flow collection (`inFlow`) a plain scalar
    /// also ends at `,`, brackets and braces.
    mutating func scalar(inFlow: Bool) throws(YAMLSyntaxError) -> YAMLScalar {
        switch peek() {
        case Byte.doubleQuote: return try doubleQuotedScalar()
        case Byte.singleQuote: return try singleQuotedScalar()
        default:
            guard canStartPlainScalar(inFlow: inFlow) else {
                if isAtEnd { throw .syntax(line: line, "the file ends where a value was expected") }
                throw .syntax(line: line, "\(quotedRestOfLine()) cannot start a value (anchors, aliases, tags, "
                    + "block scalars and directives are not part of libinput record YAML)")
            }
            return plainScalar(inFlow: inFlow)
        }
    }

    /// Whether a plain scalar may start here: not with an indicator, and `-`, `?` and `:` only
    /// when something other than a blank (or in a flow collection, a flow indicator) follows.
    private func canStartPlainScalar(inFlow: Bool) -> Bool {
        let byte = peek()
        if Self.isBlankOrEnd(byte) { return false }
        switch byte {
        case Byte.dash, UInt8(ascii: "?"), Byte.colon:
            let next = peek(1)
            return !Self.isBlankOrEnd(next) && !(inFlow && Self.isFlowIndicator(next))
        case Byte.comma, Byte.openBracket, Byte.closeBracket, Byte.openBrace, Byte.closeBrace, Byte.hash,
             UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"),
             Byte.singleQuote, Byte.doubleQuote, UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
            return false
        default:
            return true
        }
    }

    /// Plain text up to the line's end, a `: ` (the key's end), a ` #` comment or, in a flow
    /// collection, a flow indicator; blanks around it are not part of it.
    private mutating func plainScalar(inFlow: Bool) -> YAMLScalar {
        let start = position
        var end = position
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isBreak(byte) { break }
            if Self.isBlank(byte) {
                position += 1
                continue
            }
            if byte == Byte.colon {
                let next = peek(1)
                if Self.isBlankOrEnd(next) || (inFlow && Self.isFlowIndicator(next)) { break }
            } else if byte == Byte.hash, position > start, Self.isBlank(bytes[position - 1]) {
                break
            } else if inFlow, Self.isFlowIndicator(byte) {
                break
            }
            position += 1
            end = position
        }
        position = end
        return YAMLScalar(text: String(decoding: bytes[start..<end], as: UTF8.self), style: .plain, line: line)
    }

    /// `'text'`, where `''` stands for one quote.
    private mutating func singleQuotedScalar() throws(YAMLSyntaxError) -> YAMLScalar {
        let startLine = line
        position += 1
        var text: [UInt8] = []
        while true {
            let byte = peek()
            if isAtEnd || Self.isBreak(byte) { throw unclosedQuote(startLine: startLine) }
            position += 1
            if byte == Byte.singleQuote {
                guard peek() == Byte.singleQuote else { break }
                position += 1
            }
            text.append(byte)
        }
        return YAMLScalar(text: String(decoding: text, as: UTF8.self), style: .singleQuoted, line: startLine)
    }

    /// `"text"`, with YAML's backslash escapes.
    private mutating func doubleQuotedScalar() throws(YAMLSyntaxError) -> YAMLScalar {
        let startLine = line
        position += 1
        let contentStart = position
        // The text so far, once an escape means it differs from the bytes. Appended to in place
        // (never copied per escape, which made a line of escapes take quadratic time).
        var escaped: [UInt8] = []
        var hasEscape = false
        while true {
            let byte = peek()
            if isAtEnd || Self.isBreak(byte) { throw unclosedQuote(startLine: startLine) }
            if byte == Byte.doubleQuote { break }
            if byte == Byte.backslash {
                if !hasEscape {
                    escaped = Array(bytes[contentStart..<position])
                    hasEscape = true
                }
                try appendEscape(to: &escaped, startLine: startLine)
                continue
            }
            if hasEscape { escaped.append(byte) }
            position += 1
        }
        let text = hasEscape ? String(decoding: escaped, as: UTF8.self) : String(decoding: bytes[contentStart..<position], as: UTF8.self)
        position += 1  // the closing quote
        return YAMLScalar(text: text, style: .doubleQuoted, line: startLine)
    }

    /// Reads the escape at the position (a backslash) and appends what it stands for as UTF-8.
    private mutating func appendEscape(to text: inout [UInt8], startLine: Int) throws(YAMLSyntaxError) {
        position += 1  // '\'
        let code = peek()
        if isAtEnd || Self.isBreak(code) { throw unclosedQuote(startLine: startLine) }
        position += 1
        let single: UInt8?
        switch code {
        case UInt8(ascii: "0"): single = 0
        case UInt8(ascii: "a"): single = 7
        case UInt8(ascii: "b"): single = 8
        case UInt8(ascii: "t"), Byte.tab: single = Byte.tab
        case UInt8(ascii: "n"): single = Byte.lineFeed
        case UInt8(ascii: "v"): single = 11
        case UInt8(ascii: "f"): single = 12
        case UInt8(ascii: "r"): single = Byte.carriageReturn
        case UInt8(ascii: "e"): single = 27
        case Byte.space, Byte.doubleQuote, UInt8(ascii: "/"), Byte.backslash: single = code
        default: single = nil
        }
        if let single {
            text.append(single)
            return
        }
        let scalar: Unicode.Scalar?
        switch code {
        case UInt8(ascii: "N"): scalar = "\u{85}"
        case UInt8(ascii: "_"): scalar = "\u{A0}"
        case UInt8(ascii: "L"): scalar = "\u{2028}"
        case UInt8(ascii: "P"): scalar = "\u{2029}"
        case UInt8(ascii: "x"): scalar = hexScalar(digits: 2)
        case UInt8(ascii: "u"): scalar = hexScalar(digits: 4)
        case UInt8(ascii: "U"): scalar = hexScalar(digits: 8)
        default:
            throw .syntax(line: line, "'\\\(String(decoding: [code], as: UTF8.self))' is not a YAML escape (in the double-quoted text at line \(startLine))")
        }
        guard let scalar else {
            throw .syntax(line: line, "'\\\(String(decoding: [code], as: UTF8.self))' is not followed by the hex digits of a Unicode character (in the double-quoted text at line \(startLine))")
        }
        Unicode.UTF8.encode(scalar) { text.append($0) }
    }

    /// The Unicode scalar written as exactly `digits` hex digits at the position, or nil.
    private mutating func hexScalar(digits: Int) -> Unicode.Scalar? {
        var value: UInt32 = 0
        for _ in 0..<digits {
            let byte = peek()
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return Unicode.Scalar(value)
    }

    private func unclosedQuote(startLine: Int) -> YAMLSyntaxError {
        .syntax(line: startLine, "the quoted text that starts on this line does not end on it (quoted text spanning lines is not supported)")
    }
}
