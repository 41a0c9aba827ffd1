import ForceCore
import ForceRecording
@testable import ForceSession
import ForceTestSupport
import Testing

/// At maximum speed a recording longer than one chunk is read ahead on a worker thread: the
/// session it gives is the one reading on the loop gives, event for event, up to the same error,
/// with the same warnings, and stopping it part-way ends the worker.
@Suite("Recording read ahead")
struct RecordingReadAheadTests {
    /// A chunk size that never starts the worker for the shipped recordings.
    private static let inline = 1 << 30

    /// The session of `path` as `replay --format jsonl` writes it, the failure it ended with, and
    /// the warnings counted after each batch.
    private static func replay(_ path: String, chunkSize: Int, readsAhead: Bool = true, stopAfterFrames: Int? = nil) throws
        -> (transcript: String, failure: String?, warningCounts: [Int], warnings: [RecordingWarning]) {
        let source = try RecordingSource(reader: try RecordingFormat.open(path: path), speed: .maximum, chunkSize: chunkSize, readsAhead: readsAhead)
        let session = Session(source: source)
        let text = CapturedText()
        session.pipeline.attach(JSONLinesSink(output: TextOutput(text)))
        if let stopAfterFrames { session.pipeline.attach(Stopper(session: session, frames: stopAfterFrames)) }
        var counts: [Int] = []
        session.batchHandler = { counts.append(source.warnings.count) }
        do { try session.run() } catch { if session.failure == nil { throw error } }
        return (text.text, session.failure.map { "\($0)" }, counts, source.warnings)
    }

    /// Stops its session at a frame.
    private final class Stopper: SessionSink {
        unowned let session: Session
        var frames: Int
        init(session: Session, frames: Int) {
            self.session = session
            self.frames = frames
        }
        func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
            guard case .frame = event else { return }
            frames -= 1
            if frames == 0 { session.stop() }
        }
    }

    @Test(arguments: Repository.recordings)
    func readingAheadGivesTheSameSession(_ path: String) throws {
        let inline = try Self.replay(path, chunkSize: Self.inline)
        for chunkSize in [1, 7, 64] {
            let ahead = try Self.replay(path, chunkSize: chunkSize)
            #expect(ahead.transcript == inline.transcript, "chunks of \(chunkSize)")
            #expect(ahead.failure == nil)
            let onTheLoop = try Self.replay(path, chunkSize: chunkSize, readsAhead: false)
            #expect(onTheLoop.transcript == inline.transcript, "chunks of \(chunkSize) read on the loop")
        }
        #expect(inline.transcript.contains("\"summary\""))
    }

    @Test func aMalformedLineEndsTheSessionAfterEverythingBeforeIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var lines = try Repository.text("recordings/stylus-commit.evemu").split(separator: "\n", omittingEmptySubsequences: false)
        let eventLines = lines.indices.filter { lines[$0].hasPrefix("E:") }
        lines.insert("E: 1.5 0003 this is not an event", at: eventLines[eventLines.count / 2])
        let path = try directory.write(lines.joined(separator: "\n"), to: "damaged.evemu")

        let inline = try Self.replay(path, chunkSize: Self.inline)
        let ahead = try Self.replay(path, chunkSize: 16)
        let onTheLoop = try Self.replay(path, chunkSize: 16, readsAhead: false)
        #expect(inline.failure?.hasPrefix("\(path):") == true)
        #expect(ahead.failure == inline.failure)
        #expect(onTheLoop.failure == inline.failure)
        #expect(onTheLoop.transcript == inline.transcript)
        #expect(ahead.transcript == inline.transcript)
        #expect(inline.transcript.contains("\"touch\""), "the events before the damage were replayed")
    }

    @Test func warningsComeWithTheEventsTheyFollow() throws {
        let path = Repository.path("Tests/ForceRecordingTests/Fixtures/evtest-pen-quirks.txt")
        // The warnings a reader has given after each event, read on its own.
        let reader = try RecordingFormat.open(path: path)
        var after = [reader.warnings.count]
        while try reader.next() != nil { after.append(reader.warnings.count) }
        #expect(after.last! > after.first!, "the fixture has warnings between its events")

        let chunkSize = 3
        let ahead = try Self.replay(path, chunkSize: chunkSize)
        #expect(ahead.warnings == reader.warnings)
        // After batch i, i chunks of events were delivered: the warnings are those given by then;
        // after the last, also those the reader gave at the end of the file.
        let eventCount = after.count - 1
        for (batch, count) in ahead.warningCounts.dropLast().enumerated() {
            #expect(count == after[min((batch + 1) * chunkSize, eventCount)], "after batch \(batch + 1)")
        }
        #expect(ahead.warningCounts.last == reader.warnings.count)
        #expect(ahead.transcript == (try Self.replay(path, chunkSize: Self.inline)).transcript)
    }

    @Test func stoppingPartWayEndsTheWorker() throws {
        let path = Repository.recording("calibrate-worn-pen.evemu")
        let inline = try Self.replay(path, chunkSize: Self.inline, stopAfterFrames: 40)
        let ahead = try Self.replay(path, chunkSize: 5, stopAfterFrames: 40)
        #expect(ahead.transcript == inline.transcript)
        #expect(ahead.transcript.split(separator: "\n").count < (try Self.replay(path, chunkSize: Self.inline)).transcript.split(separator: "\n").count)
    }

    @Test func stoppingPartWayReportsTheWarningsOfWhatWasDelivered() throws {
        let path = Repository.path("Tests/ForceRecordingTests/Fixtures/evtest-pen-quirks.txt")
        let whole = try Self.replay(path, chunkSize: 3)
        for frames in 1...2 {
            // Chunk by chunk on the loop, the warnings are those of the chunks delivered; reading
            // ahead, the worker has read further by then, and its warnings must not show.
            let onTheLoop = try Self.replay(path, chunkSize: 3, readsAhead: false, stopAfterFrames: frames)
            let ahead = try Self.replay(path, chunkSize: 3, stopAfterFrames: frames)
            #expect(ahead.transcript == onTheLoop.transcript, "stopped after \(frames) frames")
            #expect(ahead.warnings == onTheLoop.warnings, "stopped after \(frames) frames")
            #expect(onTheLoop.warnings.count < whole.warnings.count, "stopped before the last warning")
        }
    }

    @Test func aRecordingLongerThanTheDefaultChunkIsReadAhead() throws {
        // Many copies of a recording's events, one after another in time: longer than a chunk.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = try Repository.text("recordings/touchscreen-two-fingers.evemu")
        let lines = text.split(separator: "\n")
        let header = lines.filter { !$0.hasPrefix("E:") }
        let events = lines.filter { $0.hasPrefix("E:") }.map { $0.split(separator: " ") }
        var body: [String] = []
        let copies = RecordingSource.batchSize * 3 / events.count + 1
        for copy in 0..<copies {
            for fields in events {
                let seconds = Double(fields[1])! + Double(copy) * 10
                body.append("E: \(String(format6: seconds)) \(fields[2...].joined(separator: " "))")
            }
        }
        let path = try directory.write((header + body.map { Substring($0) }).joined(separator: "\n") + "\n", to: "long.evemu")
        let inline = try Self.replay(path, chunkSize: Self.inline)
        let ahead = try Self.replay(path, chunkSize: RecordingSource.batchSize)
        #expect(ahead.warningCounts.count >= 3, "\(ahead.warningCounts.count) batches")
        #expect(ahead.transcript == inline.transcript)
    }
}

private extension String {
    /// `seconds` with six decimals, as evemu writes times.
    init(format6 seconds: Double) {
        let micro = Int64((seconds * 1_000_000).rounded())
        let fraction = String(micro % 1_000_000)
        self = "\(micro / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
