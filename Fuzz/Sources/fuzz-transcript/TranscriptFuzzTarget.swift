import ForceAnalysis
import ForceCore
import FuzzSupport

/// One input as a session transcript (what `check` and `diff` read as golden files): it reads, or
/// fails with a one-line `TranscriptError` naming the file, a line of it and a column on that
/// line; a transcript that reads writes back text that reads as the same lines, and matches
/// itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTranscript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let transcript: Transcript
    do {
        transcript = try Transcript(parsing: text, source: "fuzz.jsonl")
    } catch {
        Promises.requireOneLine(error.description, startingWith: "fuzz.jsonl:")
        let lines = text.utf8.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        Promises.require(error.line >= 1 && error.line <= lines, "an error on a line of the text, found line \(error.line) of \(lines)")
        Promises.require(error.column.map { $0 >= 1 } ?? true, "a column from 1, found \(error)")
        return 0
    }
    do {
        let again = try Transcript(parsing: transcript.text, source: "again")
        Promises.require(again.lines.map(\.members) == transcript.lines.map(\.members), "the transcript's text reads back as the same lines")
    } catch {
        Promises.require(false, "the transcript's text reads back, found \(error)")
    }
    Promises.require(TranscriptComparison(actual: transcript, golden: transcript).matches, "a transcript matches itself")
    return 0
}
