import Foundation
import ForceCore

/// The recording formats ForceBridge reads.
public enum RecordingFormat: String, Hashable, Sendable, CaseIterable {
    /// evemu text (`evemu-record`, `evemu-describe`): ForceBridge's native format.
    case evemu

    /// Detects the format of `path` from its content (not its name).
    public static func detect(path: String) throws -> RecordingFormat {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                throw RecordingError(path: path, message: "no such file")
            }
            if isDirectory.boolValue { throw RecordingError(path: path, message: "is a directory, not a recording") }
            throw RecordingError(path: path, message: "cannot be read (permission denied?)")
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 64 * 1024)) ?? Data()
        let text = String(decoding: head, as: UTF8.self)
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                if line.contains("EVEMU") { return .evemu }
                continue
            }
            if line.hasPrefix("N:") || line.hasPrefix("I:") || line.hasPrefix("E:") { return .evemu }
            break
        }
        if head.isEmpty { throw RecordingError(path: path, message: "is empty; expected an evemu recording") }
        throw RecordingError(path: path, line: 1, message: "expected a recording (an evemu file starting with '# EVEMU' or 'N:'), found content in no known format")
    }

    /// Opens `path`, detecting its format.
    public static func open(path: String) throws -> any RecordingReader {
        switch try detect(path: path) {
        case .evemu: return try EvemuReader(path: path)
        }
    }
}
