import ForceCore
import ForceRecording
import ForceSession
import ForceTestSupport
import Testing

/// Time-driven progress goes the same way at any pace: at maximum speed the session passes each
/// deadline between frames without waiting; paced, the loop's timer wakes for it, even while a
/// held touch sends no events.
@Suite("Session time", .serialized)
struct SessionTimeTests {
    /// A finger that lands, then rests without a single event for `silence` microseconds, then
    /// lifts: the case where only a timer can move time on.
    static func stillFinger(silence: Int64 = 1_000_000) -> [InputEvent] {
        var events = ScriptedGesture.press(frames: 4, lift: false, start: 5_000_000).flatMap { $0 }
        let lift = 5_000_000 + 4 * 8_000 + silence
        events += [
            InputEvent(time: lift, type: .abs, code: AbsCode.mtTrackingID, value: -1),
            InputEvent(time: lift, type: .key, code: KeyCode.touch, value: 0),
            .report(at: lift),
        ]
        return events
    }

    /// Replays `events` at `speed` through a session whose timeline is `HeldTouchTimeline`.
    private func replay(_ events: [InputEvent], speed: ReplaySpeed) throws -> HeldTouchTimeline {
        let folder = try TemporaryDirectory()
        let path = folder.path("still.evemu")
        let writer = try EvemuWriter(path: path, description: TestDevices.touchscreen())
        try writer.write(contentsOf: events)
        try writer.close()
        let session = Session(source: try RecordingSource(path: path, speed: speed))
        let timeline = HeldTouchTimeline()
        session.timeline = timeline
        session.pipeline.attach(timeline)
        try session.run()
        return timeline
    }

    @Test func aStillTouchAdvancesBetweenFramesInVirtualTime() throws {
        let timeline = try replay(Self.stillFinger(), speed: .maximum)
        // The file's times start at 0: down at 0 (+ 3 frames), lift at 1.032 s; deadlines every
        // 150 ms from the landing.
        #expect(timeline.advances == (1...6).map { Int64($0) * 150_000 })
        // Every advance lies between the frames around it.
        for advance in timeline.advances {
            let before = timeline.frameTimes.filter { $0 <= advance }.max()
            let after = timeline.frameTimes.filter { $0 > advance }.min()
            #expect(before != nil && after != nil)
        }
    }

    @Test(arguments: [ReplaySpeed.factor(20), .factor(5)])
    func aPacedReplayGivesTheSameSessionAsOneAtMaximumSpeed(speed: ReplaySpeed) throws {
        let fast = try replay(Self.stillFinger(), speed: .maximum)
        let paced = try replay(Self.stillFinger(), speed: speed)
        #expect(!fast.advances.isEmpty)
        #expect(paced.log == fast.log)
    }

    @Test func shippedRecordingsGiveTheSameTranscriptAtAnyPace() throws {
        for path in Repository.recordings.prefix(3) {
            let fast = try Session.transcript(of: path)
            let paced = try Session.transcript(of: path, speed: .factor(50))
            #expect(paced == fast, "\(path)")
            #expect(fast.hasPrefix("{\"type\":\"device\""))
        }
    }
}
