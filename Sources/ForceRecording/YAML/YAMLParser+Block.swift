/// Block collections: structure by indentation.
extension YAMLParser {
    /// The node that starts at the position (the first content character of a line, or what
    /// follows `- ` on an entry's line): a block sequence, a block mapping, or a flow collection
    /// or scalar that ends its line.
    mutating func blockNode(depth: Int) throws(YAMLSyntaxError) -> YAMLNode {
        if isAtSequenceEntry {
            try checkDepth(depth)
            return .sequence(try blockSequence(depth: depth + 1))
        }
        let indent = column
        let node = try collectionOrScalar(inFlow: false, depth: depth)
        skipBlanks()
        if isAtBlockValueIndicator {
            guard case .scalar(let key) = node else {
                throw .syntax(line: line, "a flow collection used as a key (keys are plain or quoted text)")
            }
            try checkDepth(depth)
            return .mapping(try blockMapping(indent: indent, firstKey: key, depth: depth + 1))
        }
        try finishLine()
        return node
    }

    /// The value that follows a `key:` or `-` ending its line: the node on the next content line
    /// when that is indented deeper than `parentIndent` (or, after a key, a `- ` list at the key's
    /// own indentation), else an empty scalar on `emptyLine`.
    private mutating func blockValue(
        parentIndent: Int, allowsIndentlessSequence: Bool, emptyLine: Int, depth: Int
    ) throws(YAMLSyntaxError) -> YAMLNode {
        try skipBlankLines()
        if !isAtEnd, !isAtDocumentMarker(Byte.dash), !isAtDocumentMarker(Byte.dot) {
            if column > parentIndent { return try blockNode(depth: depth) }
            if column == parentIndent, allowsIndentlessSequence, isAtSequenceEntry {
                try checkDepth(depth)
                return .sequence(try blockSequence(depth: depth + 1))
            }
        }
        return .scalar(YAMLScalar(text: "", style: .empty, line: emptyLine))
    }

    /// Whether the block collection whose entries sit at `indent` has another entry: false at
    /// the end, at a document marker or at a line indented less; an error when indented more.
    private mutating func continues(atIndent indent: Int, of what: String, line startLine: Int) throws(YAMLSyntaxError) -> Bool {
        try skipBlankLines()
        if isAtEnd || isAtDocumentMarker(Byte.dash) || isAtDocumentMarker(Byte.dot) || column < indent { return false }
        guard column == indent else {
            throw .syntax(line: line, "\(quotedRestOfLine()) is indented deeper than the \(what) at line \(startLine)")
        }
        return true
    }

    /// A block mapping whose keys sit at `indent`; the position is after `firstKey`, at its `:`.
    private mutating func blockMapping(indent: Int, firstKey: YAMLScalar, depth: Int) throws(YAMLSyntaxError) -> YAMLMapping {
        var entries: [YAMLMapping.Entry] = []
        var key = firstKey
        while true {
            let colonLine = line
            position += 1  // ':'
            let value: YAMLNode
            if isAtLineEndOrComment() {
                try finishLine()
                value = try blockValue(parentIndent: indent, allowsIndentlessSequence: true, emptyLine: colonLine, depth: depth)
            } else {
                if isAtSequenceEntry {
                    throw .syntax(line: line, "a list entry ('- ') on the line of key \(YAMLSyntaxError.quoted(key: key.text)); start the list on the next line")
                }
                value = try collectionOrScalar(inFlow: false, depth: depth)
                skipBlanks()
                if isAtBlockValueIndicator {
                    throw .syntax(line: line, "a second ':' on the line of key \(YAMLSyntaxError.quoted(key: key.text)); a nested mapping starts on the next line, indented")
                }
                try finishLine()
            }
            entries.append(YAMLMapping.Entry(key: key, value: value))
            guard try continues(atIndent: indent, of: "keys of the mapping", line: firstKey.line) else { break }
            if isAtSequenceEntry || peek() == Byte.openBracket || peek() == Byte.openBrace {
                throw .syntax(line: line, "\(quotedRestOfLine()) where a key of the mapping at line \(firstKey.line) was expected")
            }
            key = try scalar(inFlow: false)
            skipBlanks()
            guard isAtBlockValueIndicator else {
                throw .syntax(line: key.line, "\(RecordingError.quote(key.text)) is not a 'key: value' entry of the mapping at line \(firstKey.line)")
            }
        }
        try Self.checkUniqueKeys(entries)
        return YAMLMapping(entries: entries, line: firstKey.line)
    }

    /// A block sequence whose `-` entries sit at the position's column.
    private mutating func blockSequence(depth: Int) throws(YAMLSyntaxError) -> YAMLSequence {
        let indent = column
        let startLine = line
        var items: [YAMLNode] = []
        repeat {
            let dashLine = line
            position += 1  // '-'
            if isAtLineEndOrComment() {
                try finishLine()
                items.append(try blockValue(parentIndent: indent, allowsIndentlessSequence: false, emptyLine: dashLine, depth: depth))
            } else {
                items.append(try blockNode(depth: depth))  // `- key: value`, `- - item`, `- [..]`, `- text`
            }
            // At the same indentation without a `-`: a key of the mapping this list is the value of.
        } while try continues(atIndent: indent, of: "entries of the list", line: startLine) && isAtSequenceEntry
        return YAMLSequence(items: items, line: startLine)
    }

    /// Fails when a key appears more than once, naming the repeated keys (in sorted order) at the
    /// first appearance of the first of them.
    static func checkUniqueKeys(_ entries: [YAMLMapping.Entry]) throws(YAMLSyntaxError) {
        guard entries.count > 1 else { return }
        // Most mappings are small: compare their pairs without allocating.
        if entries.count <= 16 {
            let hasRepeat = entries.indices.contains { index in
                entries[(index + 1)...].contains { $0.key.text == entries[index].key.text }
            }
            guard hasRepeat else { return }
        }
        var firstLines: [String: Int] = [:]
        var repeated: Set<String> = []
        for entry in entries {
            if firstLines[entry.key.text] == nil {
                firstLines[entry.key.text] = entry.key.line
            } else {
                repeated.insert(entry.key.text)
            }
        }
        guard !repeated.isEmpty else { return }
        let keys = repeated.sorted()
        throw .repeatedKeys(line: firstLines[keys[0]] ?? entries[0].key.line, keys)
    }
}
