import ForceAnalysis
import ForceCore
import ForcePlot
import ForceRecording
import ForceTestSupport
import Testing

/// A session read back from its transcript is the session the recorder saw: the same touches,
/// forces (to the transcript's four decimals), outcomes and summary.
@Suite("Sessions read from transcripts")
struct TranscriptSessionTests {
    @Test("every shipped recording's transcript gives back its session", arguments: Paths.shippedRecordings)
    func shippedRecording(name: String) throws {
        let recorded = try SessionReplay.session(ofFile: Paths.recording(name), label: "recording")
        let read = ReplayedSession(label: "transcript", transcript: try TranscriptWriter.transcript(of: Paths.recording(name)))
        var summary = recorded.summary
        #expect(abs(read.summary.peakNormalizedForce - summary.peakNormalizedForce) < 0.00005, "printed with four decimals")
        summary.peakNormalizedForce = read.summary.peakNormalizedForce
        #expect(read.summary == summary)
        #expect(read.session.device.name == recorded.session.device.name && read.session.device.kind == recorded.session.device.kind)
        #expect(read.session.device.pressureRange == recorded.session.device.pressureRange)
        #expect(abs(read.session.device.maximumPossibleForce - recorded.session.device.maximumPossibleForce) < 0.0001)
        #expect(read.session.touches.map(\.identifier) == recorded.session.touches.map(\.identifier))
        for (a, b) in zip(read.session.touches, recorded.session.touches) {
            #expect(a.tool == b.tool && a.ending == b.ending && a.samples.count == b.samples.count)
            #expect(abs(a.downTime - b.downTime) < 1e-6 && abs((a.liftTime ?? -1) - (b.liftTime ?? -1)) < 1e-6)
            #expect(zip(a.samples, b.samples).allSatisfy { abs($0.force - $1.force) < 0.0001 && abs($0.time - $1.time) < 1e-6 })
        }
        let outcomes = InteractionOutcome.outcomes(of: read.session)
        let expected = InteractionOutcome.outcomes(of: recorded.session)
        #expect(outcomes.map(\.result) == expected.map(\.result))
        #expect(outcomes.map(\.touchIdentifier) == expected.map(\.touchIdentifier))
        for (a, b) in zip(outcomes, expected) {
            #expect(abs(a.began - b.began) < 1e-6 && (a.pop == nil) == (b.pop == nil) && abs((a.pop ?? 0) - (b.pop ?? 0)) < 1e-6)
        }
        let diff = SessionDiff(recorded, read)
        let equivalent = diff.isEquivalent
        #expect(equivalent)
    }

    @Test("transcripts of any shape give a session without a crash")
    func anyTranscript() throws {
        var generator = SeededGenerator(seed: 15)
        let types = ["device", "touch", "interaction", "summary", "other"]
        let keys = ["time", "id", "phase", "tool", "force", "event", "ended", "progress", "pressureMin", "pressureMax", "maximumPossibleForce", "commits", "kind"]
        let values: [JSONValue] = [.number(1e300), .number(-1e300), .number(0.5), .number(-3), .string("began"), .string("ended"), .string("palm"),
                                   .string("shouldBegin"), .string("cancel"), .string("commit"), .bool(true), .null, .array([]), .object([])]
        for _ in 0..<200 {
            var transcript = Transcript(source: "random")
            for _ in 0..<Int.random(in: 0...30, using: &generator) {
                var members = [JSONMember("type", .string(types.randomElement(using: &generator)!))]
                for _ in 0..<Int.random(in: 0...6, using: &generator) {
                    members.append(JSONMember(keys.randomElement(using: &generator)!, values.randomElement(using: &generator)!))
                }
                transcript.append(members: members)
            }
            let session = ReplayedSession(label: "random", transcript: transcript)
            _ = SessionDiff(session, session).text
        }
    }
}
