import ForceCore
import ForceRecording
import Testing

/// The shipped recordings of pens with a resting offset: the worn pen (8 %), and libinput's report
/// of a healthy pen resting at 30 % of the range, with and without a distance axis. As libinput,
/// ForceBridge learns an offset at a proximity-in only when the pen is at least half the distance
/// axis away, and a pen without a distance axis only from its third proximity-in with pressure.
@Suite("Shipped recordings: pen resting offsets")
struct PenRestingOffsetRecordingTests {
    typealias Replay = ShippedRecordingInteractionTests

    /// The transcript without the progress updates between the milestones.
    static func milestones(_ transcript: Replay.Transcript) -> [String] {
        transcript.lines.filter { !$0.contains(" preview 0.") && !$0.contains(" commit 0.") }
    }

    @Test func thePenRestingAt30PercentArrivingCloserThanHalfTheDistanceAxisLearnsNothingAndTouchesAtOnce() throws {
        let (pipeline, transcript) = try Replay.replay("pen-resting-30")
        let model = pipeline.forceModel
        // Both proximity-ins arrive closer than 31 (half of 0–63): at 30, then 28. Nothing is
        // learned, and the tip resting at 153 of 0–511 is above the plain tip-down threshold.
        #expect(model.restingOffsetLearning.learningDistance == 31)
        #expect(model.restingOffsetLearning.state == .awaitingDistantProximityIn)
        #expect(model.offset == 0)
        // Proximity 1: a touch from its first frame, which presses through the commit;
        // proximity 2, hovering only: a touch that begins an interaction, cancelled as it leaves.
        #expect(pipeline.summary.touches == 2)
        #expect(Replay.counts(pipeline) == [2, 1, 1, 1])
        #expect(Self.milestones(transcript) == [
            "0 shouldBegin", "992502 preview 1.0 true", "992502 peek", "1398473 commit 1.0 true", "1398473 pop",
            "3007519 shouldBegin", "3556431 cancel",
        ])
    }

    @Test func withoutDistanceNoOffsetAppliesUntilTheThirdProximityInDecides() throws {
        let (pipeline, transcript) = try Replay.replay("pen-resting-30-no-distance")
        let model = pipeline.forceModel
        #expect((150...155).contains(model.offset), "\(model.offset)")
        #expect(model.restingOffsetLearning.offset == model.offset)
        // Proximities 1 and 2: no offset yet, so the resting tip is a touch that begins an
        // interaction, cancelled as the pen leaves. Proximity 3 decides, hovers without a touch,
        // then presses through the commit.
        #expect(pipeline.summary.touches == 3)
        #expect(Replay.counts(pipeline) == [3, 1, 1, 2])
        #expect(Self.milestones(transcript) == [
            "0 shouldBegin", "353236 cancel", "849624 shouldBegin", "1202919 cancel",
            "2579082 shouldBegin", "2834682 preview 1.0 true", "2834682 peek", "3075306 commit 1.0 true", "3075306 pop",
        ])
    }

    @Test func theWornPenArrivingCloserThanHalfTheDistanceAxisLearnsNothing() throws {
        let (pipeline, _) = try Replay.replay("worn-pen")
        // It arrives at 14 of 0–31 (learning from 15): its hovering tip at about 85 is one long
        // touch, which the press previews and commits.
        #expect(pipeline.forceModel.restingOffsetLearning.learningDistance == 15)
        #expect(pipeline.forceModel.restingOffsetLearning.offset == nil)
        #expect(pipeline.forceModel.offset == 0)
        #expect(pipeline.summary.touches == 1)
        #expect(Replay.counts(pipeline) == [1, 1, 1, 0])
    }
}
