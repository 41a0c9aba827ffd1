import ForceCore
import ForceRecording
import ForceSession
import ForceTestSupport
import Testing

/// Time-driven progress goes the same way at any pace: a Haptic Touch held perfectly still sends
/// no events, yet previews and commits; at maximum speed the session passes its deadlines in
/// virtual time, paced the loop's timer wakes for them.
@Suite("Session time", .serialized)
struct SessionTimeTests {
    /// The still finger recorded as an evemu file (times relative to its first event).
    private func stillFingerFile(in folder: TemporaryDirectory) throws -> String {
        let path = folder.path("still.evemu")
        let writer = try EvemuWriter(path: path, description: TestDevices.touchscreenWithoutForce())
        try writer.write(contentsOf: TestDevices.stillFinger())
        try writer.close()
        return path
    }

    @Test func aStillTouchPreviewsAndCommitsWithoutEventsInVirtualTime() throws {
        let folder = try TemporaryDirectory()
        let transcript = try Session.transcript(of: try stillFingerFile(in: folder))
        let interactions = transcript.split(separator: "\n").filter { $0.contains("\"type\":\"interaction\"") }
        #expect(interactions.contains { $0.contains("\"event\":\"shouldBegin\"") })
        #expect(interactions.contains { $0.contains("\"event\":\"commit\"") && $0.contains("\"ended\":true") }, "\(transcript)")
        // The file has two frames, 1.2 s apart: everything between them happened in time alone.
        let touchTimes = transcript.split(separator: "\n").filter { $0.contains("\"type\":\"touch\"") }.map { $0.contains("\"time\":0,") }
        #expect(touchTimes == [true, false])
    }

    @Test(arguments: [ReplaySpeed.factor(20), .factor(4)])
    func aPacedReplayGivesTheSameSessionAsOneAtMaximumSpeed(speed: ReplaySpeed) throws {
        let folder = try TemporaryDirectory()
        let path = try stillFingerFile(in: folder)
        let fast = try Session.transcript(of: path)
        let paced = try Session.transcript(of: path, speed: speed)
        #expect(fast.contains("\"event\":\"commit\""))
        #expect(paced == fast)
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
