/// Why a line is not a JSON object: where (1-based column) and what was expected.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based column (in UTF-8 bytes) where the problem is.
    public var column: Int
    /// What is wrong and what was expected.
    public var message: String

    /// `column N: message`.
    public var description: String { "column \(column): \(message)" }
}
