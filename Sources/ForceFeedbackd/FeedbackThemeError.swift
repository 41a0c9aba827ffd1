import ForceCore

/// Why a feedback theme cannot be used: what is wrong, where (line and column) and in which
/// element (`profiles[1].feedbacks[3].duration`).
public struct FeedbackThemeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, when known.
    public var file: String?
    /// Where the problem is.
    public var location: TextPosition?
    /// The element at fault, empty for JSON syntax errors.
    public var path = ""
    /// What is wrong and what was expected.
    public var message: String

    /// `FILE:LINE:COLUMN: PATH: MESSAGE`, leaving out what is unknown.
    public var description: String {
        describeDocumentProblem(file: file, location: location, path: path, message: message)
    }

    /// The same error, naming `file`.
    public func inFile(_ file: String) -> FeedbackThemeError {
        var copy = self
        copy.file = file
        return copy
    }
}

extension FeedbackThemeError {
    /// A JSON syntax error of the parser the AHAP reader shares.
    init(syntax error: AHAPError) {
        self.init(location: error.location, message: error.message)
    }
}

extension FeedbackThemeError: JSONDocumentError {
    package static func problem(at location: TextPosition?, path: String, message: String) -> FeedbackThemeError {
        FeedbackThemeError(location: location, path: path, message: message)
    }
}

/// Something in a theme that is skipped (an unknown feedback type or profile, an unknown key
/// that may be a typo, an event listed twice in a profile), with where it is.
public struct FeedbackThemeWarning: Hashable, Sendable, CustomStringConvertible {
    /// Where it is.
    public var location: TextPosition
    /// The element.
    public var path: String
    /// What was skipped and why.
    public var message: String

    public var description: String {
        describeDocumentProblem(file: nil, location: location, path: path, message: message)
    }
}
