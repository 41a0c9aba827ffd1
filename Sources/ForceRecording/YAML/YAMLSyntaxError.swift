/// Text that is not YAML the subset reader understands, with the line where reading stopped.
///
/// `message` completes `FILE:LINE: ` in the `expected …, found …` form of `RecordingError`.
struct YAMLSyntaxError: Error, Hashable, Sendable {
    /// The 1-based line.
    var line: Int
    /// What was expected and what was found.
    var message: String

    /// Text that breaks YAML's grammar: `problem` says what went wrong where.
    static func syntax(line: Int, _ problem: String) -> YAMLSyntaxError {
        YAMLSyntaxError(line: line, message: "expected valid YAML, found a syntax error: \(problem)")
    }

    /// A character YAML does not allow anywhere (control characters other than tab and line breaks).
    static func unreadable(line: Int, _ problem: String) -> YAMLSyntaxError {
        YAMLSyntaxError(line: line, message: "expected UTF-8 YAML text, found unreadable bytes: \(problem)")
    }

    /// A mapping that has `keys` more than once. Keys are quoted with control characters escaped
    /// (a double-quoted key may hold a line break) and at most three named.
    static func repeatedKeys(line: Int, _ keys: [String]) -> YAMLSyntaxError {
        var list = keys.prefix(3).map(quoted(key:)).joined(separator: ", ")
        if keys.count > 3 { list += " (and \(keys.count - 3) more)" }
        return YAMLSyntaxError(line: line, message: "expected each key once in a mapping, found \(list) more than once")
    }

    /// A key quoted for a message: shortened, control characters escaped, `''` when empty.
    static func quoted(key: String) -> String {
        key.isEmpty ? "''" : RecordingError.quote(key)
    }
}
