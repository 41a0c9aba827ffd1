/// A session transcript: the jsonl lines `forcebridge replay --format jsonl` writes (a `device`
/// line, `touch` and `interaction` lines in time order, a `summary` line), read strictly.
///
/// Build one from a golden file's text, or line by line from what a jsonl sink writes
/// (`append(_:)`), then compare two with `TranscriptComparison` or test the summary with
/// `SummaryExpectation`.
public struct Transcript: Hashable, Sendable {
    /// Where the lines came from (a file name), for messages.
    public var source: String
    /// The lines, in order (blank lines are skipped but counted).
    public private(set) var lines: [TranscriptLine] = []
    /// The number of the last line read, blank ones included.
    public private(set) var lineCount = 0

    /// An empty transcript; add lines with `append(_:)`.
    public init(source: String) {
        self.source = source
    }

    /// Reads every line of `text`.
    /// - Throws: `TranscriptError` naming `source`, the line and column, and what was expected.
    public init(parsing text: String, source: String) throws(TranscriptError) {
        self.source = source
        // Split on the bytes: as Characters, "\r\n" is one that is not "\n".
        let bytes = text.utf8
        var start = bytes.startIndex
        while start != bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            var line = bytes[start..<end]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            try append(String(decoding: line, as: UTF8.self))
            start = end == bytes.endIndex ? end : bytes.index(after: end)
        }
    }

    /// Adds one line (without its newline), as a jsonl sink writes it; a blank line is counted
    /// and skipped.
    /// - Throws: `TranscriptError` when the line is not a JSON object with a string `type`.
    public mutating func append(_ text: String) throws(TranscriptError) {
        lineCount += 1
        guard text.contains(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) else { return }
        do {
            lines.append(try TranscriptLine(parsing: text, number: lineCount))
        } catch {
            var located = error
            located.source = source
            throw located
        }
    }

    /// Adds a line made of `members` (for tools that build transcripts without text).
    public mutating func append(members: [JSONMember]) {
        lineCount += 1
        lines.append(TranscriptLine(members: members, number: lineCount))
    }

    /// The first `device` line.
    public var device: TranscriptLine? { lines.first { $0.type == "device" } }

    /// The last `summary` line.
    public var summary: TranscriptLine? { lines.last { $0.type == "summary" } }

    /// The transcript as jsonl text, one line per line read.
    public var text: String {
        lines.map { $0.text + "\n" }.joined()
    }
}
