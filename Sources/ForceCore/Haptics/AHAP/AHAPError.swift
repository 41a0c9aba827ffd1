/// Why an AHAP file cannot be read: what is wrong, where (line and column), and which element
/// (`Pattern[3].Event.EventType`).
public struct AHAPError: JSONDocumentError, Hashable, Sendable {
    /// The file, when known (the decoder reads bytes; callers fill this in).
    public var file: String?
    /// Where the problem is, when the file got that far.
    public var location: TextPosition?
    /// The element at fault, as a path from the top (empty for JSON syntax errors).
    public var path: String
    /// What is wrong and what was expected.
    public var message: String

    /// Creates an error.
    public init(file: String? = nil, location: TextPosition?, path: String = "", message: String) {
        self.file = file
        self.location = location
        self.path = path
        self.message = message
    }
}

extension AHAPError: JSONElementError {
    package static func problem(at location: TextPosition, path: String, message: String) -> AHAPError {
        AHAPError(location: location, path: path, message: message)
    }
}

extension AHAPError {
    /// The file is not JSON: the parser's error, where it is.
    public init(syntax error: JSONSyntaxError) {
        self.init(location: error.location, message: error.message)
    }
}

/// Something in an AHAP file that ForceBridge reads but cannot play (audio events, envelope
/// parameters), a value it had to clamp, an unknown key, or a trailing comma it accepted.
public typealias AHAPWarning = JSONDocumentWarning
