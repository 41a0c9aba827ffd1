/// A node of a YAML document, as `YAMLParser` reads it: a scalar, a sequence or a mapping, each
/// with the 1-based line it starts on (for `FILE:LINE` messages).
///
/// Scalars keep their text as written (quotes removed, escapes applied); nothing is converted to
/// numbers or booleans, so `1`, `"1"` and `01` stay apart until their reader decides.
enum YAMLNode: Hashable, Sendable {
    case scalar(YAMLScalar)
    case sequence(YAMLSequence)
    case mapping(YAMLMapping)

    /// The line the node starts on: a scalar's first character, a flow collection's bracket, a
    /// block sequence's first `-`, a block mapping's first key. An empty value is on the line of
    /// the `:` or `-` that introduced it.
    var line: Int {
        switch self {
        case .scalar(let scalar): return scalar.line
        case .sequence(let sequence): return sequence.line
        case .mapping(let mapping): return mapping.line
        }
    }

    /// The scalar, if this is one.
    var scalar: YAMLScalar? {
        if case .scalar(let scalar) = self { return scalar }
        return nil
    }

    /// The sequence, if this is one.
    var sequence: YAMLSequence? {
        if case .sequence(let sequence) = self { return sequence }
        return nil
    }

    /// The mapping, if this is one.
    var mapping: YAMLMapping? {
        if case .mapping(let mapping) = self { return mapping }
        return nil
    }
}

/// A YAML scalar: its text and how it was written.
struct YAMLScalar: Hashable, Sendable {
    /// How a scalar was written.
    enum Style: Hashable, Sendable {
        /// Nothing at all: `key:` with no value (YAML's null).
        case empty
        /// Unquoted text.
        case plain
        /// `'text'` (`''` stands for one quote).
        case singleQuoted
        /// `"text"`, with backslash escapes.
        case doubleQuoted
    }

    /// The text, quotes removed and escapes applied.
    var text: String
    var style: Style
    /// The 1-based line the scalar starts on.
    var line: Int
}

/// A YAML sequence (`- item` lines or `[a, b]`).
struct YAMLSequence: Hashable, Sendable {
    var items: [YAMLNode]
    /// The 1-based line the sequence starts on.
    var line: Int
}

/// A YAML mapping (`key: value` lines or `{key: value}`), its entries in file order. Keys are
/// scalars and appear once each (the parser rejects repeated keys).
struct YAMLMapping: Hashable, Sendable {
    /// One `key: value` entry.
    struct Entry: Hashable, Sendable {
        var key: YAMLScalar
        var value: YAMLNode
    }

    var entries: [Entry]
    /// The 1-based line the mapping starts on.
    var line: Int

    /// The value of the entry whose key's text is `key`, if there is one.
    subscript(key: String) -> YAMLNode? {
        for entry in entries where entry.key.text == key { return entry.value }
        return nil
    }
}
