/// A recording that cannot be read or written, with where and why.
///
/// Its description is one line: `FILE:LINE: expected …, found …` for malformed content, or
/// `FILE: what went wrong` for problems with the file as a whole.
public struct RecordingError: Error, CustomStringConvertible, Hashable, Sendable {
    /// The file.
    public var path: String
    /// The 1-based line, or nil when the problem is not on one line.
    public var line: Int?
    /// What was expected and what was found.
    public var message: String

    /// An error on `line` that says what was expected and quotes what was found.
    public static func unexpected(path: String, line: Int, expected: String, found: String) -> RecordingError {
        RecordingError(path: path, line: line, message: "expected \(expected), found \(quote(found))")
    }

    public var description: String {
        if let line { return "\(path):\(line): \(message)" }
        return "\(path): \(message)"
    }

    /// Quotes a fragment of input for an error message, shortened and with control characters escaped.
    public static func quote(_ text: String) -> String {
        if text.isEmpty { return "an empty line" }
        let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
        return "'\(escapingControlCharacters(shown))'"
    }

    /// `text` with control characters written as `\u{a}`, so that a message stays on one line.
    public static func escapingControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else { return text }
        return text.unicodeScalars.map { scalar in
            scalar.value < 0x20 || scalar.value == 0x7f ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
    }
}
