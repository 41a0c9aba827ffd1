import ForceAnalysis
import ForceBridgeCLI
import ForceCore
import ForcePlot
import ForceRecording
import ForceSession
import ForceTestSupport
import Testing

/// `analyze` and `diff` replay through the driver `replay` uses: the session runtime over a
/// recording source. What they print is what the library gives when a `RecordingAnalyzer` or a
/// `SessionRecorder` is attached to such a session, and a paced replay analyses the same.
@Suite("analyze and diff: the replay driver")
struct ReplayDriverCommandTests {
    static let recordings = ["stylus-commit", "worn-pen", "no-pressure", "touchscreen-palm"].map { "recordings/\($0).evemu" }

    /// The analysis of `path` by an analyzer attached to a session replaying it at `speed`.
    static func analysis(_ path: String, speed: ReplaySpeed = .maximum) throws -> RecordingAnalysis {
        let source = try RecordingSource(path: Repository.root + "/" + path, speed: speed)
        let session = Session(source: source)
        let analyzer = RecordingAnalyzer(device: source.device)
        session.attach(analyzer)
        try session.run()
        return analyzer.analysis(of: session.pipeline)
    }

    /// The session of `path` as a plot recorder attached to a session replaying it saw.
    static func replayed(_ path: String) throws -> ReplayedSession {
        let session = Session(source: try RecordingSource(path: Repository.root + "/" + path))
        let recorder = SessionRecorder(attachingTo: session.pipeline)
        try session.run()
        return ReplayedSession(label: path, session: recorder.session, summary: session.pipeline.summary)
    }

    @Test(arguments: recordings)
    func analyzePrintsTheAnalysisOfTheReplayDriver(path: String) throws {
        let analysis = try Self.analysis(path)
        let text = ForceBridgeCLI.runCapturing(["analyze", path, "--no-user-profile"])
        #expect(text.status == 0, "\(text.error)")
        #expect(text.output == (analysis.text.hasSuffix("\n") ? analysis.text : analysis.text + "\n"))
        let jsonl = ForceBridgeCLI.runCapturing(["analyze", path, "--format", "jsonl", "--no-user-profile"])
        #expect(jsonl.output == analysis.jsonLines.map { $0 + "\n" }.joined())
        // The report's own timing comes from the events' times, not from when they were read.
        #expect(try Self.analysis(path, speed: .factor(50)).text == analysis.text)
    }

    @Test func diffPrintsTheDiffOfTheReplayDriversSessions() throws {
        for (a, b) in zip(Self.recordings, Self.recordings.dropFirst() + [Self.recordings[0]]) {
            let diff = SessionDiff(try Self.replayed(a), try Self.replayed(b))
            let printed = ForceBridgeCLI.runCapturing(["diff", a, b, "--format", "jsonl", "--no-user-profile"])
            #expect(printed.status == 1, "\(printed.error)")
            #expect(printed.output == diff.jsonLines.map { $0 + "\n" }.joined(), "\(a) against \(b)")
        }
    }
}
