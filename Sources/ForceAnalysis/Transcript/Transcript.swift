import ForceCore

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
        // One parser reads the lines where they are in the text: the lines are split on the
        // bytes (as Characters, "\r\n" is one that is not "\n").
        let bytes = Array(text.utf8)
        var parser = JSONParser(bytes)
        var start = 0
        while start < bytes.count {
            let lineEnd = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            var end = lineEnd
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            lineCount += 1
            if !Self.isBlank(bytes[start..<end]) {
                do {
                    lines.append(try TranscriptLine(reading: start..<end, of: &parser, text: String(decoding: bytes[start..<end], as: UTF8.self),
                                                    number: lineCount))
                } catch {
                    throw error.naming(source)
                }
            }
            start = lineEnd + 1
        }
    }

    /// Adds one line (without its newline), as a jsonl sink writes it; a blank line is counted
    /// and skipped.
    /// - Throws: `TranscriptError` when the line is not a JSON object with a string `type`.
    public mutating func append(_ text: String) throws(TranscriptError) {
        lineCount += 1
        guard !Self.isBlank(text.utf8) else { return }
        do {
            lines.append(try TranscriptLine(parsing: text, number: lineCount))
        } catch {
            throw error.naming(source)
        }
    }

    /// Whether a line holds nothing but spaces, tabs and carriage returns.
    private static func isBlank(_ line: some Sequence<UInt8>) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
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
