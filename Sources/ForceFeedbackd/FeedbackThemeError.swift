import ForceCore

/// Why a feedback theme cannot be used: what is wrong, where (line and column) and in which
/// element (`profiles[1].feedbacks[3].duration`).
public struct FeedbackThemeError: JSONDocumentError, Hashable, Sendable {
    /// The file, when known.
    public var file: String?
    /// Where the problem is.
    public var location: TextPosition?
    /// The element at fault, empty for JSON syntax errors.
    public var path = ""
    /// What is wrong and what was expected.
    public var message: String
}

extension FeedbackThemeError {
    /// The theme is not JSON: the parser's error, where it is.
    public init(syntax error: JSONSyntaxError) {
        self.init(location: error.location, message: error.message)
    }
}

extension FeedbackThemeError: JSONElementError {
    package static func problem(at location: TextPosition, path: String, message: String) -> FeedbackThemeError {
        FeedbackThemeError(location: location, path: path, message: message)
    }
}

/// Something in a theme that is skipped (an unknown feedback type or profile, an unknown key
/// that may be a typo, an event listed twice in a profile), with where it is.
public typealias FeedbackThemeWarning = JSONDocumentWarning
