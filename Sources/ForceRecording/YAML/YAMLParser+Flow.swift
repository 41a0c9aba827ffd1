/// Flow collections: `[a, b]` and `{key: value}`, which may span lines.
extension YAMLParser {
    /// A flow sequence; the position is at its `[`.
    mutating func flowSequence(depth: Int) throws(YAMLSyntaxError) -> YAMLSequence {
        let startLine = line
        position += 1  // '['
        var items: [YAMLNode] = []
        func unclosed(_ parser: YAMLParser) -> YAMLSyntaxError {
            .syntax(line: parser.line, "did not find expected ',' or ']' (while parsing a flow sequence at line \(startLine))")
        }
        while true {
            skipFlowSpace()
            if peek() == Byte.closeBracket { break }
            guard canStartFlowNode else { throw unclosed(self) }
            items.append(try flowNode(depth: depth))
            skipFlowSpace()
            if peek() == Byte.comma {
                position += 1
            } else if peek() == Byte.closeBracket {
                break
            } else {
                throw unclosed(self)
            }
        }
        position += 1  // ']'
        return YAMLSequence(items: items, line: startLine)
    }

    /// A flow mapping; the position is at its `{`. A key without `: value` has an empty value.
    mutating func flowMapping(depth: Int) throws(YAMLSyntaxError) -> YAMLMapping {
        let startLine = line
        position += 1  // '{'
        var entries: [YAMLMapping.Entry] = []
        func unclosed(_ parser: YAMLParser) -> YAMLSyntaxError {
            .syntax(line: parser.line, "did not find expected ',' or '}' (while parsing a flow mapping at line \(startLine))")
        }
        while true {
            skipFlowSpace()
            if peek() == Byte.closeBrace { break }
            if peek() == Byte.openBracket || peek() == Byte.openBrace {
                throw .syntax(line: line, "a flow collection used as a key (keys are plain or quoted text)")
            }
            guard canStartFlowNode else { throw unclosed(self) }
            let key = try scalar(inFlow: true)
            skipFlowSpace()
            var value = YAMLNode.scalar(YAMLScalar(text: "", style: .empty, line: line))
            if peek() == Byte.colon {
                position += 1
                skipFlowSpace()
                if peek() != Byte.comma, peek() != Byte.closeBrace {
                    guard canStartFlowNode else { throw unclosed(self) }
                    value = try flowNode(depth: depth)
                    skipFlowSpace()
                }
            }
            entries.append(YAMLMapping.Entry(key: key, value: value))
            if peek() == Byte.comma {
                position += 1
            } else if peek() == Byte.closeBrace {
                break
            } else {
                throw unclosed(self)
            }
        }
        position += 1  // '}'
        try Self.checkUniqueKeys(entries)
        return YAMLMapping(entries: entries, line: startLine)
    }

    /// Whether a node inside a flow collection can start here (not at the end, a separator or a
    /// closing bracket).
    private var canStartFlowNode: Bool {
        let byte = peek()
        return byte != 0 && byte != Byte.comma && byte != Byte.closeBracket && byte != Byte.closeBrace && byte != Byte.colon
    }

    /// A node inside a flow collection.
    private mutating func flowNode(depth: Int) throws(YAMLSyntaxError) -> YAMLNode {
        switch peek() {
        case Byte.openBracket:
            try checkDepth(depth)
            return .sequence(try flowSequence(depth: depth + 1))
        case Byte.openBrace:
            try checkDepth(depth)
            return .mapping(try flowMapping(depth: depth + 1))
        default:
            return .scalar(try scalar(inFlow: true))
        }
    }

    /// Whether `byte` ends a plain scalar inside a flow collection.
    static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == Byte.comma || byte == Byte.openBracket || byte == Byte.closeBracket
            || byte == Byte.openBrace || byte == Byte.closeBrace
    }
}
