import ForceCore
import ForceSystem

extension FeedbackRequest {
    /// Why words name nothing to play.
    package enum LoadError: Error, CustomStringConvertible, Sendable {
        /// The words are not a feedback's (`parse`).
        case words(ParseError)
        /// The one word names neither a feedback nor a file.
        case neither(String)
        /// The file is a folder, cannot be read, or is missing.
        case unreadable(String, reason: String)
        /// The file is not a valid AHAP pattern: the error, located in the file.
        case malformed(String)

        package var description: String {
            switch self {
            case .words(let error): "\(error)"
            case .neither(let word): "'\(word)' is neither a feedback (impact, notification, selection) nor a file"
            case .unreadable(let path, let reason): "\(path): \(reason)"
            case .malformed(let message): message
            }
        }
    }

    /// What `words` name, as `haptic play` takes them: a feedback (impacts at `intensity`), or an
    /// AHAP file read and decoded, with the warnings its decoding gave (`FILE:LINE: …`).
    package static func load(_ words: [String], intensity: Double) throws(LoadError) -> (request: FeedbackRequest, warnings: [String]) {
        let path: String
        do {
            switch try parse(words, intensity: intensity) {
            case .feedback(let request): return (request, [])
            case .file(let named): path = named
            }
        } catch {
            throw .words(error)
        }
        let item = FileSystem.item(at: path)
        guard path.contains("/") || path.contains(".") || item != .missing else { throw .neither(path) }
        guard item == .file, let bytes = try? FileSystem.contents(of: path) else {
            throw .unreadable(path, reason: item == .directory ? "is a folder, not an AHAP file" : item == .file ? "cannot be read (permission denied?)" : "no such file")
        }
        let document: AHAPDocument
        do { document = try AHAPDocument(bytes: bytes) } catch { throw .malformed("\(error.inFile(path))") }
        return (.pattern(path: path, document.pattern), document.warnings.map { "\(path):\($0)" })
    }
}
