import ForceCore

/// Why a transcript cannot be read: the source, line and column, and what was expected.
public struct TranscriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (or stream) the transcript came from, when known.
    public var source: String?
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, when the problem is inside the line's JSON.
    public var column: Int?
    /// What is wrong and what was expected.
    public var message: String

    /// Creates an error.
    public init(source: String? = nil, line: Int, column: Int? = nil, message: String) {
        self.source = source
        self.line = line
        self.column = column
        self.message = message
    }

    /// `SOURCE:LINE:COLUMN: message`, leaving out what is unknown.
    public var description: String {
        var text = source.map { $0 + ":" } ?? ""
        text += "\(line):"
        if let column { text += "\(column):" }
        return text + " " + message
    }

    /// The same error, naming `source`.
    func naming(_ source: String) -> TranscriptError {
        var copy = self
        copy.source = source
        return copy
    }
}

extension TranscriptError: JSONElementError {
    /// The line is not JSON: the parser's error, where it is.
    public init(syntax error: JSONSyntaxError) {
        self.init(line: error.location.line, column: error.location.column, message: error.message)
    }

    package static func problem(at location: TextPosition, path: String, message: String) -> TranscriptError {
        TranscriptError(line: location.line, column: location.column, message: path.isEmpty ? message : "\"\(path)\": \(message)")
    }

    /// `expected a JSON object, found an array`; `expected "type" to be a string, found a number`.
    package static func mismatch(_ node: JSONNode, path: String, expected: String) -> TranscriptError {
        let what = path.isEmpty ? expected : "\"\(path)\" to be \(expected)"
        return TranscriptError(line: node.location.line, column: node.location.column, message: "expected \(what), found \(node.kindName)")
    }
}
