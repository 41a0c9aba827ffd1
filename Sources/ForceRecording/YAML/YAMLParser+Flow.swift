/// Flow collections: `[a, b]` and `{key: value}`, which may span lines.
extension YAMLParser {
    /// A flow collection or a scalar that starts at the position. Inside a flow collection
    /// (`inFlow`) a plain scalar also ends at `,`, brackets and braces.
    mutating func collectionOrScalar(inFlow: Bool, depth: Int) throws(YAMLSyntaxError) -> YAMLNode {
        switch peek() {
        case Byte.openBracket:
            try checkDepth(depth)
            return .sequence(try flowSequence(depth: depth + 1))
        case Byte.openBrace:
            try checkDepth(depth)
            return .mapping(try flowMapping(depth: depth + 1))
        default:
            return .scalar(try scalar(inFlow: inFlow))
        }
    }

    /// A flow sequence; the position is at its `[`.
    private mutating func flowSequence(depth: Int) throws(YAMLSyntaxError) -> YAMLSequence {
        let startLine = line
        position += 1  // '['
        var items: [YAMLNode] = []
        repeat {
            skipFlowSpace()
            if peek() == Byte.closeBracket { break }
            guard canStartFlowNode else { throw unclosed(Byte.closeBracket, startLine: startLine) }
            items.append(try collectionOrScalar(inFlow: true, depth: depth))
        } while try hasNextEntry(closing: Byte.closeBracket, startLine: startLine)
        position += 1  // ']'
        return YAMLSequence(items: items, line: startLine)
    }

    /// A flow mapping; the position is at its `{`. A key without `: value` has an empty value.
    private mutating func flowMapping(depth: Int) throws(YAMLSyntaxError) -> YAMLMapping {
        let startLine = line
        position += 1  // '{'
        var entries: [YAMLMapping.Entry] = []
        repeat {
            skipFlowSpace()
            if peek() == Byte.closeBrace { break }
            if peek() == Byte.openBracket || peek() == Byte.openBrace {
                throw .syntax(line: line, "a flow collection used as a key (keys are plain or quoted text)")
            }
            guard canStartFlowNode else { throw unclosed(Byte.closeBrace, startLine: startLine) }
            let key = try scalar(inFlow: true)
            skipFlowSpace()
            var value = YAMLNode.scalar(YAMLScalar(text: "", style: .empty, line: line))
            if peek() == Byte.colon {
                position += 1
                skipFlowSpace()
                if peek() != Byte.comma, peek() != Byte.closeBrace {
                    guard canStartFlowNode else { throw unclosed(Byte.closeBrace, startLine: startLine) }
                    value = try collectionOrScalar(inFlow: true, depth: depth)
                }
            }
            entries.append(YAMLMapping.Entry(key: key, value: value))
        } while try hasNextEntry(closing: Byte.closeBrace, startLine: startLine)
        position += 1  // '}'
        try Self.checkUniqueKeys(entries)
        return YAMLMapping(entries: entries, line: startLine)
    }

    /// After an entry of the flow collection that `closing` ends: moves over a `,` and returns
    /// true, or returns false at `closing`; anything else means the collection is not closed.
    private mutating func hasNextEntry(closing: UInt8, startLine: Int) throws(YAMLSyntaxError) -> Bool {
        skipFlowSpace()
        if peek() == Byte.comma {
            position += 1
            return true
        }
        guard peek() == closing else { throw unclosed(closing, startLine: startLine) }
        return false
    }

    /// A flow collection that `closing` should end but something else follows an entry.
    private func unclosed(_ closing: UInt8, startLine: Int) -> YAMLSyntaxError {
        let (bracket, kind) = closing == Byte.closeBracket ? ("]", "sequence") : ("}", "mapping")
        return .syntax(line: line, "did not find expected ',' or '\(bracket)' (while parsing a flow \(kind) at line \(startLine))")
    }

    /// Whether a node inside a flow collection can start here (not at the end, a separator or a
    /// closing bracket).
    private var canStartFlowNode: Bool {
        let byte = peek()
        return byte != 0 && byte != Byte.comma && byte != Byte.closeBracket && byte != Byte.closeBrace && byte != Byte.colon
    }

    /// Whether `byte` ends a plain scalar inside a flow collection.
    static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == Byte.comma || byte == Byte.openBracket || byte == Byte.closeBracket
            || byte == Byte.openBrace || byte == Byte.closeBrace
    }
}
