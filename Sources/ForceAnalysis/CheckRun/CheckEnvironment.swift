/// What `check` needs from outside this module, so that checking itself does no I/O: a
/// recording's transcript (the session runtime's replay) and the golden files.
package struct CheckEnvironment: Sendable {
    /// A golden transcript file, as read.
    package enum GoldenFile: Sendable {
        /// No file at the path.
        case missing
        /// A directory at the path.
        case directory
        /// The file's bytes.
        case contents([UInt8])
        /// The file could not be read: why.
        case unreadable(String)
    }

    /// The jsonl transcript of the recording at a path, exactly as `replay --format jsonl`
    /// writes it; its errors' descriptions say what went wrong (`FILE:LINE: …`).
    package var transcript: @Sendable (String) throws -> String
    /// The golden transcript at a path.
    package var readGolden: @Sendable (String) -> GoldenFile
    /// Writes a golden transcript to a path, durably; its errors' descriptions say why not.
    package var writeGolden: @Sendable (String, [UInt8]) throws -> Void

    package init(transcript: @escaping @Sendable (String) throws -> String, readGolden: @escaping @Sendable (String) -> GoldenFile,
                 writeGolden: @escaping @Sendable (String, [UInt8]) throws -> Void) {
        self.transcript = transcript
        self.readGolden = readGolden
        self.writeGolden = writeGolden
    }
}
