import ForceAnalysis
import ForceCore
import ForcePlot
import ForceRecording
import ForceSession
import ForceTestSupport
import Synchronization
import Testing

/// How `diff` and `analyze` read a session: a recording replayed with a follower attached (its
/// warnings handed on once each), or a transcript read back.
struct RecordingReplayTests {
    @Test func aRecordingIsReplayedWithItsFollower() throws {
        let reader = try RecordingFormat.open(path: Repository.recording("stylus-commit.evemu"))
        let pipeline = InputPipeline(device: reader.description)
        let handed = Atomic(0)
        let warnings = RecordingWarningReporter { _ in handed.add(1, ordering: .relaxed) }
        let (session, recorder) = try Session.replay(reader, through: pipeline, warnings: warnings) { SessionRecorder(attachingTo: $0.pipeline) }
        #expect(session.failure == nil && session.pipeline.summary.commits == 1)
        #expect(recorder.session.touches.count == 1)
        #expect(handed.load(ordering: .relaxed) == 0)
    }

    @Test func aMalformedLineEndsTheReplayThereWhenAsked() throws {
        let directory = try TemporaryDirectory()
        let text = try Repository.text("recordings/stylus-commit.evemu")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let firstEvent = try #require(lines.firstIndex { $0.hasPrefix("E: ") })
        let cut = lines[..<(firstEvent + 40)].joined(separator: "\n") + "\nE: not an event\n"
        let path = try directory.write(cut, to: "cut.evemu")
        let warnings = RecordingWarningReporter { _ in }
        #expect(throws: RecordingError.self) {
            let reader = try RecordingFormat.open(path: path)
            let pipeline = InputPipeline(device: reader.description)
            _ = try Session.replay(reader, through: pipeline, warnings: warnings) { _ in () }
        }
        let reader = try RecordingFormat.open(path: path)
        let pipeline = InputPipeline(device: reader.description)
        let (session, recorder) = try Session.replay(reader, through: pipeline, warnings: warnings, readsAhead: true,
                                                     endsAtMalformedLine: true) { SessionRecorder(attachingTo: $0.pipeline) }
        #expect(session.failure is RecordingError)
        #expect(recorder.session.duration > 0)
    }

    @Test func aReplayedSessionHandsOnTheRecordingsWarningsOnceEachAsTheyAppear() throws {
        let path = Repository.path("Tests/ForceRecordingTests/Fixtures/evtest-pen-quirks.txt")
        let source = try RecordingSource(reader: try RecordingFormat.open(path: path), speed: .maximum, chunkSize: 3, readsAhead: false)
        let handed = Mutex<[String]>([])
        let warnings = RecordingWarningReporter { warning in handed.withLock { $0.append("\(warning)") } }
        let session = Session(replaying: source, through: InputPipeline(device: source.device), warnings: warnings)
        try session.run()
        let duringTheRun = handed.withLock { $0.count }
        warnings.report(source.warnings)
        #expect(duringTheRun > 0)
        #expect(handed.withLock { $0 } == source.warnings.map { "\($0)" })
    }

    @Test func aTranscriptIsReadBackAndARecordingIsNotOne() throws {
        let golden = try #require(try ReplayedSession.transcript(at: Repository.path("Tests/Goldens/stylus-commit.jsonl")))
        #expect(golden.summary.commits == 1)
        #expect(try ReplayedSession.transcript(at: Repository.recording("stylus-commit.evemu")) == nil)
        #expect(try ReplayedSession.transcript(at: Repository.path("no/such/file.jsonl")) == nil)
        let directory = try TemporaryDirectory()
        let broken = try directory.write("{\"type\":\"summary\"\n", to: "broken.jsonl")
        #expect(throws: TranscriptError.self) { try ReplayedSession.transcript(at: broken) }
    }
}
