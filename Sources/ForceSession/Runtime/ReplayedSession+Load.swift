import ForceAnalysis
import ForceRecording
import ForceSystem

extension ReplayedSession {
    /// The session of the transcript at `path` (the jsonl of `replay --format jsonl`, a golden
    /// file), read back; nil when the file is not one (a recording, or unreadable: the replay
    /// says what is wrong with it).
    /// - Throws: the `TranscriptError` of a malformed transcript.
    package static func transcript(at path: String) throws(TranscriptError) -> ReplayedSession? {
        guard (try? RecordingFormat.detect(path: path)) == nil, let bytes = try? FileSystem.contents(of: path),
              bytes.first(where: { !" \t\r\n".utf8.contains($0) }) == UInt8(ascii: "{") else { return nil }
        return ReplayedSession(label: path, transcript: try Transcript(parsing: String(decoding: bytes, as: UTF8.self), source: path))
    }
}
