import ForceCore
import Testing

/// libinput's report: a healthy pen whose tip rests at 30 % of the range. It must never begin a
/// touch or an interaction while hovering once its offset is known, and must press normally:
/// with a distance axis from the first proximity-in far enough from the surface, without one from
/// the third (before it, as in libinput, the resting tip cannot be told from a press).
@Suite("Pen resting at 30 % of the range")
struct PenRestingAt30PercentTests {
    // Bamboo pen, 0–1023: rest 307 (305 at its lowest); with that offset the tip goes down at
    // 305 + 41 and an average touch is 305 + 0.24 × 718 ≈ 477.3, so force 1 / 2 / 3 need about
    // 477 / 650 / 822.
    static let rest: Int32 = 307

    /// One proximity: in hovering at rest (at `hoverDistance` of the 0–31 distance axis, when the
    /// pen has one), hover `frames` frames (pressure noise ±2, BTN_TOUCH set from pressure as some
    /// tablets do), then `press` pressures, then hover again and leave.
    static func proximity(
        _ harness: PipelineHarness, distance: Bool, hoverDistance: Int32 = 20, hover frames: Int = 10, press: [Int32] = []
    ) {
        func hovering(_ pressure: Int32) -> [ScriptEvent] {
            [.abs(AbsCode.pressure, pressure), .key(KeyCode.touch, 1)] + (distance ? [.abs(AbsCode.distance, hoverDistance)] : [])
        }
        harness.frame([.key(KeyCode.toolPen, 1), .abs(AbsCode.x, 5000), .abs(AbsCode.y, 4000)] + hovering(rest))
        for index in 0..<frames { harness.frame(hovering(rest + Int32(index % 5) - 2)) }
        for pressure in press {
            harness.frame([.abs(AbsCode.pressure, pressure)] + (distance ? [.abs(AbsCode.distance, 0)] : []))
        }
        if !press.isEmpty { for _ in 0..<3 { harness.frame(hovering(rest)) } }
        harness.frame(.key(KeyCode.toolPen, 0), .key(KeyCode.touch, 0), .abs(AbsCode.pressure, 0))
    }

    static let press: [Int32] = [340, 420, 520, 620, 700, 780, 860, 900, 700, 450, 330]

    @Test func withADistanceAxisHoveringNeverBeginsAndThePressCommits() {
        let harness = PipelineHarness(TestDevices.bambooPen())
        Self.expectHoveringBeginsNothingAndThePressCommits(harness, distance: true, touchesBefore: 0)
    }

    @Test func withADistanceAxisAProximityInCloserThanHalfTheAxisLearnsNothingAndTheRestIsATouch() {
        // Arriving at 14 of 0–31 (learning needs 15): as in libinput, too likely a press.
        let harness = PipelineHarness(TestDevices.bambooPen())
        Self.proximity(harness, distance: true, hoverDistance: 14)
        #expect(harness.pipeline.forceModel.restingOffsetLearning.state == .awaitingDistantProximityIn)
        #expect(harness.pipeline.tracker.beganCount == 1)
        #expect(harness.log.calls.last == .cancel, "the resting tip began an interaction, cancelled when the pen left")
        // A later proximity-in far enough learns, and from then on hovering begins nothing.
        Self.expectHoveringBeginsNothingAndThePressCommits(harness, distance: true, touchesBefore: 1)
    }

    @Test func withoutADistanceAxisTheThirdProximityInDecidesAndHoveringThenNeverBegins() {
        let harness = PipelineHarness(TestDevices.bambooPen(distance: false))
        // Proximities 1 and 2: no offset applies yet, as in libinput: the plain thresholds take
        // the tip resting at 30 % for a touch, which begins an interaction that is cancelled when
        // the pen leaves.
        for proximity in 1...2 {
            Self.proximity(harness, distance: false)
            #expect(harness.pipeline.forceModel.restingOffsetLearning.offset == nil)
            #expect(harness.pipeline.forceModel.offset == 0)
            #expect(harness.pipeline.tracker.beganCount == proximity)
            #expect(harness.pipeline.interaction.statistics.cancels == proximity)
        }
        // Proximity 3 decides from the lowest pressure seen in proximity so far (305).
        Self.expectHoveringBeginsNothingAndThePressCommits(harness, distance: false, touchesBefore: 2)
        #expect(harness.pipeline.forceModel.restingOffsetLearning.offset == Double(Self.rest - 2))
    }

    /// A proximity that hovers 0.3 s begins nothing and leaves the offset at the resting pressure
    /// (its lowest reading, 305); the next proximity's press begins one touch, which previews and
    /// commits, pressing the same way whether the pen has a distance axis or not.
    static func expectHoveringBeginsNothingAndThePressCommits(_ harness: PipelineHarness, distance: Bool, touchesBefore: Int) {
        let callsBefore = harness.log.calls.count
        proximity(harness, distance: distance, hover: 30)
        #expect(harness.pipeline.forceModel.offset == Double(rest - 2))
        #expect(harness.pipeline.tracker.beganCount == touchesBefore)
        #expect(harness.log.calls.count == callsBefore)
        proximity(harness, distance: distance, press: press)
        #expect(harness.pipeline.tracker.beganCount == touchesBefore + 1)
        let calls = harness.log.calls.dropFirst(callsBefore).map(\.description)
        #expect(calls.filter { !$0.contains("ended: false") }
            == ["shouldBegin(true)", "preview(1.0, ended: true)", "feedback(peek)", "commit(1.0, ended: true)", "feedback(pop)"])
        #expect(calls == pressCalls(distance: !distance), "with and without a distance axis alike")
        #expect(harness.pipeline.interaction.statistics.commits == 1)
    }

    @Test func theOldTwentyPercentCapWouldHaveTakenTheRestForAPress() {
        // 307 is above 20 % (204.6) of the range and below the 50 % cap (511.5).
        let model = ForceModel(device: TestDevices.bambooPen())
        #expect(Double(Self.rest) > 0.2 * 1023 && Double(Self.rest) <= model.restingOffsetLearning.cap)
    }

    /// The delegate calls of the press by the same pen, with or without a distance axis, once its
    /// offset is learned (the hovering proximity that learns it first).
    static func pressCalls(distance: Bool) -> [String] {
        let harness = PipelineHarness(TestDevices.bambooPen(distance: distance))
        if !distance { for _ in 1...2 { proximity(harness, distance: false) } }
        proximity(harness, distance: distance, hover: 30)
        let callsBefore = harness.log.calls.count
        proximity(harness, distance: distance, press: press)
        return harness.log.calls.dropFirst(callsBefore).map(\.description)
    }
}
