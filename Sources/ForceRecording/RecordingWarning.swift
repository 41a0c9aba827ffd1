/// Something in a recording that was tolerated rather than rejected: text pasted around an evtest
/// log, header lines glued together, obfuscated key codes. Readers collect warnings in their
/// `warnings` list; commands print them to standard error.
///
/// Its description is one line: `FILE:LINE: warning: …`, or `FILE: warning: …`.
public struct RecordingWarning: CustomStringConvertible, Hashable, Sendable {
    /// The file.
    public var path: String
    /// The 1-based line, or nil when the warning is about the file as a whole.
    public var line: Int?
    /// What was tolerated and what ForceBridge did about it.
    public var message: String

    public var description: String {
        if let line { return "\(path):\(line): warning: \(message)" }
        return "\(path): warning: \(message)"
    }
}
