/// Why an AHAP file cannot be read: what is wrong, where (line and column), and which element
/// (`Pattern[3].Event.EventType`).
public struct AHAPError: Error, Hashable, Sendable, CustomStringConvertible {
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

    /// `FILE:LINE:COLUMN: PATH: MESSAGE`, leaving out what is unknown.
    public var description: String {
        var text = ""
        if let file { text += file + ":" }
        if let location { text += "\(location.line):\(location.column):" }
        if !text.isEmpty { text += " " }
        if !path.isEmpty { text += path + ": " }
        return text + message
    }

    /// The same error, naming `file`.
    public func inFile(_ file: String) -> AHAPError {
        var copy = self
        copy.file = file
        return copy
    }
}

/// Something in an AHAP file that ForceBridge reads but cannot play (audio events, envelope
/// parameters), or a value it had to clamp.
public struct AHAPWarning: Hashable, Sendable, CustomStringConvertible {
    /// Where it is.
    public var location: TextPosition
    /// The element.
    public var path: String
    /// What was ignored or changed.
    public var message: String

    public var description: String { "\(location.line):\(location.column): \(path): \(message)" }
}
