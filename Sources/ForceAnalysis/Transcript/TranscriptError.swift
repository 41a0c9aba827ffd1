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
}
