import ForceAnalysis
import Testing

/// The tests' transcript writer against the command line's, so that comparator tests run on
/// the transcripts `forcebridge replay --format jsonl` really writes.
@Suite("Transcript writer of the tests")
struct TranscriptWriterTests {
    @Test("writes what `replay --format jsonl` writes, number for number", arguments:
        Paths.shippedRecordings.map(Paths.recording) + Paths.formatFixtures.map(Paths.fixture))
    func agreesWithCommandLine(path: String) throws {
        let command = try Subprocess.forcebridge(["replay", "--format", "jsonl", path])
        #expect(command.status == 0, "\(command.errors)")
        let theirs = try Transcript(parsing: command.output, source: "forcebridge replay")
        let ours = try TranscriptWriter.transcript(of: path, source: "test writer")
        let comparison = TranscriptComparison(actual: ours, golden: theirs, tolerance: .exact)
        #expect(comparison.matches, "\(comparison.report())")
        #expect(ours.text == theirs.text, "the same text, byte for byte")
    }
}
