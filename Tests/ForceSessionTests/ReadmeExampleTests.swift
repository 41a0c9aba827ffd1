import ForceCore
import ForceDevices
import ForceSession
import ForceSystem
import ForceTestSupport
import Testing

/// The runtime example in README.md, kept true: its every line is in `example()` below, which
/// runs (its jsonl goes to standard output), and the session it describes is what happens.
@Suite("README example", .serialized)
struct ReadmeExampleTests {
    /// A sink of your own: prints the peek and the pop.
    final class Pops: SessionSink {
        func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
            if case .feedback(let moment, let time, _) = event { print("\(moment) at \(pipeline.relativeSeconds(time)) s") }
        }
    }

    /// The README's code, line for line (run from the repository's root).
    private func example() throws -> Session {
        let source = try RecordingSource(path: "recordings/stylus-commit.evemu")   // or LiveDeviceSource(node: "/dev/input/event5")
        let session = Session(source: source)
        let pops = Pops()
        session.pipeline.attach(JSONLinesSink(output: .standardOutput()))   // the lines of `replay --format jsonl`
        session.pipeline.attach(pops)
        try session.run()                                                  // until the input ends
        return session
    }

    /// The lines of the README's Swift block that imports `ForceSession`, trimmed.
    private static func readmeExample() throws -> [String] {
        let readme = try Repository.text("README.md")
        let blocks = readme.split(separator: "```swift\n").dropFirst().compactMap { $0.split(separator: "```").first }
        let block = try #require(blocks.first { $0.contains("import ForceSession") })
        return block.split(separator: "\n").map(Self.trimmed).filter { !$0.isEmpty }
    }

    private static func trimmed(_ line: Substring) -> String {
        String(line.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    @Test func everyLineOfTheExampleIsInThisTest() throws {
        let source = try Repository.text("Tests/ForceSessionTests/ReadmeExampleTests.swift")
        let lines = Set(source.split(separator: "\n").map(Self.trimmed))
        for line in try Self.readmeExample() {
            #expect(lines.contains(line), "README line not in the test: \(line)")
        }
    }

    @Test func theExampleReplaysTheStylusWithTwoSinks() throws {
        let directory = FileSystem.workingDirectory()
        #expect(directory.map { FileSystem.absolutePath($0) } == FileSystem.absolutePath(Repository.root),
                "the tests run from the repository's root, where the README's path is")
        let session = try example()
        #expect(session.state == .ended(.endOfInput))
        #expect(session.pipeline.attachedSinks.count == 2)
        #expect(session.pipeline.summary.commits == 1)
        #expect(try Session.transcript(of: "recordings/stylus-commit.evemu").hasSuffix("\"commits\":1,\"cancels\":0}\n"))
    }
}
