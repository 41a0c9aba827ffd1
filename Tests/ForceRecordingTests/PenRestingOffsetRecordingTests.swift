import ForceCore
import ForceRecording
import Testing

/// The shipped recordings of pens with a resting offset: the worn pen (8 %), and libinput's report
/// of a healthy pen resting at 30 % of the range, with and without a distance axis.
@Suite("Shipped recordings: pen resting offsets")
struct PenRestingOffsetRecordingTests {
    typealias Replay = ShippedRecordingInteractionTests

    @Test func thePenRestingAt30PercentWithDistanceNeverBeginsWhileHovering() throws {
        let (pipeline, transcript) = try Replay.replay("pen-resting-30")
        let model = pipeline.forceModel
        #expect(model.restingOffsetLearning.offset == model.offset)
        #expect((150...155).contains(model.offset), "\(model.offset)")
        // Two proximities (press, then a hover); one touch, which previews and commits.
        #expect(pipeline.summary.touches == 1)
        #expect(Replay.counts(pipeline) == [1, 1, 1, 0])
        #expect(transcript.lines.filter { !$0.contains(" preview 0.") && !$0.contains(" commit 0.") } == [
            "977352 shouldBegin", "1225439 preview 1.0 true", "1225439 peek", "1466159 commit 1.0 true", "1466159 pop",
        ])
    }

    @Test func withoutDistanceTheThirdProximityInDecides() throws {
        let (pipeline, transcript) = try Replay.replay("pen-resting-30-no-distance")
        let model = pipeline.forceModel
        #expect((150...155).contains(model.offset), "\(model.offset)")
        // Proximities 1 and 2: each one's arrival pressure stands in provisionally, so the
        // resting tip begins nothing. Proximity 3 decides, hovers without a touch, then presses
        // through the commit.
        #expect(model.restingOffsetLearning.offset == model.offset)
        #expect(pipeline.summary.touches == 1)
        #expect(Replay.counts(pipeline) == [1, 1, 1, 0])
        #expect(transcript.lines.filter { !$0.contains(" preview 0.") && !$0.contains(" commit 0.") } == [
            "2579082 shouldBegin", "2834682 preview 1.0 true", "2834682 peek", "3075306 commit 1.0 true", "3075306 pop",
        ])
    }

    @Test func theWornPenLearnsItsOffsetAtTheFirstProximityIn() throws {
        let (pipeline, _) = try Replay.replay("worn-pen")
        #expect(pipeline.forceModel.restingOffsetLearning.offset == pipeline.forceModel.offset)
        #expect((80...90).contains(pipeline.forceModel.offset))
        #expect(Replay.counts(pipeline) == [1, 1, 1, 0])
    }
}
