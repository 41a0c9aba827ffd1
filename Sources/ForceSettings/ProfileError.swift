import ForceCore

/// A problem with a profile file: the file, where in it (line and column), the setting (as a key
/// path) and what is wrong.
public struct ProfileError: Error, CustomStringConvertible, Sendable {
    /// The file.
    public var path: String
    /// Where the problem is, when the file was read that far.
    public var location: TextPosition?
    /// The setting, e.g. `profiles[0].curve`.
    public var keyPath: String
    /// What was expected and found.
    public var message: String

    /// Creates an error.
    public init(path: String, location: TextPosition? = nil, keyPath: String, message: String) {
        self.path = path
        self.location = location
        self.keyPath = keyPath
        self.message = message
    }

    /// The file is not JSON: the parser's error, where it is.
    public init(path: String, syntax error: JSONSyntaxError) {
        self.init(path: path, location: error.location, keyPath: "", message: error.message)
    }

    /// `FILE:LINE:COLUMN: KEYPATH: MESSAGE` on one line, leaving out what is unknown: control
    /// characters from the file (in quoted values) are escaped.
    public var description: String {
        let place = location.map { "\(path):\($0):" } ?? "\(path):"
        let text = keyPath.isEmpty ? "\(place) \(message)" : "\(place) \(keyPath): \(message)"
        guard text.unicodeScalars.contains(where: Self.isControl) else { return text }
        return text.unicodeScalars.map { Self.isControl($0) ? $0.escaped(asASCII: true) : String($0) }.joined()
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || scalar.value == 0x7F }
}

extension ProfileError: JSONElementError {
    /// An error about the setting at `path` of a file not yet named (`ProfileDecoder` names it).
    package static func problem(at location: TextPosition, path: String, message: String) -> ProfileError {
        ProfileError(path: "", location: location, keyPath: path, message: message)
    }

    /// `expected a number, found high`: what the file holds, as it reads there (strings bare,
    /// long values cut).
    package static func mismatch(_ node: JSONNode, path: String, expected: String) -> ProfileError {
        problem(at: node.location, path: path, message: "expected \(expected), found \(found(node))")
    }

    /// A value as it reads in the file, for messages: `true`, `1.5`, `{"gamma":0}`; strings bare;
    /// cut after 60 characters.
    static func found(_ node: JSONNode) -> String {
        let text: String
        if case .string(let string) = node.value { text = string } else { text = node.jsonValue.jsonText }
        return text.count > 60 ? String(text.prefix(60)) + "…" : text
    }
}
