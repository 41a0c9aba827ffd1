/// Why an expectation cannot be read: the text given and what was expected.
public struct ExpectationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The expectation as given.
    public var text: String
    /// What is wrong and what was expected.
    public var message: String

    /// `expectation 'commit=1': unknown summary field ...`.
    public var description: String { "expectation '\(text)': \(message)" }
}
