/// Why text is not JSON: where (line and column) and what was found and expected. What
/// `JSONParser` throws; each document's reader (AHAP files, feedback themes, profiles,
/// transcripts, the ratings file) reports it in its own error, with the file's name.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the problem is: 1-based line and column (columns count bytes of UTF-8).
    public var location: TextPosition
    /// What is wrong and what was expected.
    public var message: String

    /// Creates an error.
    public init(location: TextPosition, message: String) {
        self.location = location
        self.message = message
    }

    /// `LINE:COLUMN: MESSAGE`.
    public var description: String { "\(location): \(message)" }
}
