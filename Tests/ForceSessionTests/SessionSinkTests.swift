import ForceCore
import ForceRecording
import ForceSession
import ForceTestSupport
import Testing

/// Any number of sinks hear a session, in attachment order, and may come and go while it runs.
@Suite("Session sinks")
struct SessionSinkTests {
    /// Logs every event it hears.
    final class Log: SessionSink {
        var lines: [String] = []

        func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
            switch event {
            case .deviceAdded(let origin): lines.append("added \(origin.name)")
            case .deviceRemoved(let reason, let time): lines.append("removed \(reason) \(time)")
            case .frame(let time, let touches): lines.append("frame \(time) \(touches.count)")
            case .interaction(let interaction): lines.append("interaction \(interaction.kind) \(interaction.time) \(interaction.touch?.identifier ?? -1)")
            case .feedback(let moment, let time, _): lines.append("feedback \(moment) \(time)")
            case .frameEnded(let time, let pen): lines.append("frame ended \(time) \(pen.isInProximity)")
            }
        }
    }

    private static let stylus = Repository.recording("stylus-commit.evemu")

    @Test func everySinkHearsTheSameEventsWhateverTheOrder() throws {
        let session = Session(source: try RecordingSource(path: Self.stylus))
        let first = Log()
        let second = Log()
        session.pipeline.attach(first)
        session.pipeline.attach(second)
        try session.run()
        #expect(first.lines == second.lines)
        #expect(first.lines.first == "added \(Self.stylus)")
        #expect(first.lines.last?.hasPrefix("removed endOfInput") == true)
        #expect(first.lines.contains { $0.hasPrefix("interaction began") })
        #expect(first.lines.filter { $0.hasPrefix("feedback") }.count == 2, "peek and pop")
    }

    @Test func aSinkAttachedWhileTheSessionRunsHearsTheDeviceFirst() throws {
        let session = Session(source: try RecordingSource(path: Self.stylus))
        let early = Log()
        session.pipeline.attach(early)
        let late = Log()
        /// Attaches `late` at the first interaction event and detaches it after five frames.
        final class Attacher: SessionSink {
            let late: Log
            var frames = 0
            var attached = false
            init(late: Log) { self.late = late }
            func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
                if case .interaction = event, !attached {
                    attached = true
                    pipeline.attach(late)
                }
                if case .frame = event, pipeline.attachedSinks.contains(where: { $0 === late }) {
                    frames += 1
                    if frames == 5 { pipeline.detach(late) }
                }
            }
        }
        session.pipeline.attach(Attacher(late: late))
        try session.run()
        #expect(late.lines.first == "added \(Self.stylus)")
        #expect(late.lines.filter { $0.hasPrefix("frame") }.count == 5)
        #expect(!late.lines.contains { $0.hasPrefix("removed") }, "detached before the end")
        #expect(early.lines.count > late.lines.count)
    }

    @Test func theDelegateIsAnAdapterOverTheSameEvents() throws {
        final class Peek: PreviewInteractionDelegate {
            var log: [String] = []
            var allowsBegin = true
            func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool {
                log.append("shouldBegin")
                return allowsBegin
            }
            func previewInteraction(_ interaction: PreviewInteraction, didUpdatePreviewTransition progress: Double, ended: Bool) {
                if ended { log.append("preview ended") }
            }
            func previewInteraction(_ interaction: PreviewInteraction, didUpdateCommitTransition progress: Double, ended: Bool) {
                if ended { log.append("commit ended") }
            }
            func previewInteractionDidCancel(_ interaction: PreviewInteraction) { log.append("cancel") }
        }
        let session = Session(source: try RecordingSource(path: Self.stylus))
        let peek = Peek()
        session.pipeline.delegate = peek
        let log = Log()
        session.pipeline.attach(log)
        try session.run()
        #expect(peek.log == ["shouldBegin", "preview ended", "commit ended"])

        // A declined press never begins: the sinks hear nothing of it.
        let declined = Session(source: try RecordingSource(path: Self.stylus))
        let refusing = Peek()
        refusing.allowsBegin = false
        declined.pipeline.delegate = refusing
        let quiet = Log()
        declined.pipeline.attach(quiet)
        try declined.run()
        #expect(refusing.log.first == "shouldBegin")
        #expect(!quiet.lines.contains { $0.hasPrefix("interaction") || $0.hasPrefix("feedback") })
    }

    @Test func aMalformedRecordingEndsTheSessionWithItsError() throws {
        let folder = try TemporaryDirectory()
        let text = try Repository.text("recordings/stylus-commit.evemu")
        let cut = String(text.prefix(3000)) + "\nE: 1.0 zz\n"
        let path = try folder.write(cut, to: "cut.evemu")
        let session = Session(source: try RecordingSource(path: path))
        let log = Log()
        session.pipeline.attach(log)
        #expect(throws: RecordingError.self) { try session.run() }
        #expect(session.failure is RecordingError)
        #expect(log.lines.last?.hasPrefix("removed endOfInput") == true, "touches and the interaction still end")
    }
}
