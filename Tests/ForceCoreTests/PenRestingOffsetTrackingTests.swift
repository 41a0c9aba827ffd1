import ForceCore
import Testing

/// Worn pens report pressure while hovering: the tracker hands the force model what the pen
/// reports in proximity, the model learns the resting offset as libinput does, and a hovering pen
/// never begins a touch once it is learned.
@Suite("Touch tracking: worn pen resting offset")
struct PenRestingOffsetTrackingTests {
    // Bamboo: 0–1023, distance 0–31, far enough to learn from at 15. With a learned offset the tip
    // goes up at the offset and down 41 above it (the gap between 5 % and 1 % of the range, 51 and
    // 10 in whole units).

    @Test func hoverPressureWithDistanceIsLearnedEvenWithTouchButtonSet() {
        let harness = TrackerHarness(TestDevices.bambooPen())
        let proximityIn = harness.frame(
            .key(KeyCode.toolPen, 1), .key(KeyCode.touch, 1), .abs(AbsCode.x, 1000), .abs(AbsCode.y, 1000),
            .abs(AbsCode.distance, 20), .abs(AbsCode.pressure, 85))
        #expect(proximityIn.isEmpty)
        #expect(harness.tracker.forceModel.offset == 85)
        // Later readings only lower the offset.
        #expect(harness.frame(.abs(AbsCode.pressure, 87)).isEmpty)
        #expect(harness.tracker.forceModel.offset == 85)
        #expect(harness.frame(.abs(AbsCode.pressure, 83)).isEmpty)
        #expect(harness.tracker.forceModel.offset == 83)

        // On the surface: down at 83 + 41, up at 83.
        #expect(harness.frame(.abs(AbsCode.distance, 0), .abs(AbsCode.pressure, 123)).isEmpty)
        #expect(harness.describeFrame(.abs(AbsCode.pressure, 124)) == ["began #1 s0 pen 1000,1000 p124"])
        let touch = harness.tracker.activeTouches[0]
        #expect(isClose(touch.normalizedForce, 41.0 / 940.0))
        #expect(isClose(touch.force, 41.0 / (0.24 * 940.0)))
        #expect(harness.describeFrame(.abs(AbsCode.pressure, 84)) == ["stationary #1 s0 pen 1000,1000 p84"])
        #expect(harness.describeFrame(.abs(AbsCode.pressure, 83)) == ["ended #1 s0 pen 1000,1000 p0"])

        // Lifted back to hovering at the resting pressure: nothing begins.
        #expect(harness.frame(.abs(AbsCode.distance, 6), .abs(AbsCode.pressure, 84)).isEmpty)
        #expect(harness.frame(.key(KeyCode.toolPen, 0), .key(KeyCode.touch, 0), .abs(AbsCode.pressure, 0)).isEmpty)
        #expect(harness.tracker.forceModel.offset == 83, "the proximity-out frame's zero is not a reading")
        #expect(harness.tracker.beganCount == 1)
    }

    @Test func aPressAfterTheProximityInDoesNotRaiseTheOffset() {
        let harness = TrackerHarness(TestDevices.bambooPen())
        harness.frame(.key(KeyCode.toolPen, 1), .abs(AbsCode.distance, 20), .abs(AbsCode.pressure, 60))
        harness.frame(.abs(AbsCode.distance, 0), .abs(AbsCode.pressure, 400))
        harness.frame(.abs(AbsCode.pressure, 75))
        #expect(harness.tracker.activeTouches.count == 1)
        #expect(harness.tracker.forceModel.offset == 60)
    }

    @Test func proximityInAfterLeavingCountsAgain() {
        let harness = TrackerHarness(TestDevices.bambooPen(distance: false))
        for _ in 0..<2 {
            harness.frame(.key(KeyCode.toolPen, 1), .abs(AbsCode.pressure, 90))
            harness.frame(.abs(AbsCode.pressure, 86))
            harness.frame(.key(KeyCode.toolPen, 0), .abs(AbsCode.pressure, 0))
        }
        #expect(harness.tracker.forceModel.restingOffsetLearning.state == .collecting(proximityIns: 2, lowest: 86))
        // The eraser end coming in is a proximity-in too; switching ends in proximity is not.
        harness.frame(.key(KeyCode.toolRubber, 1), .abs(AbsCode.pressure, 88))
        #expect(harness.tracker.forceModel.offset == 86)
        harness.frame(.key(KeyCode.toolPen, 1), .key(KeyCode.toolRubber, 0), .abs(AbsCode.pressure, 84))
        #expect(harness.tracker.forceModel.offset == 84)
        #expect(harness.tracker.beganCount == 2, "before the decision no offset applies: resting at 86-90 was a touch in proximities 1 and 2")
    }

    @Test func theTouchButtonPlaysNoPart() {
        // A tablet that sets BTN_TOUCH from pressure: learning sees the same readings either way.
        func learned(touchButton: Bool) -> ForceModel {
            let harness = TrackerHarness(TestDevices.bambooPen(distance: false))
            for pressure: Int32 in [95, 90, 92] {
                harness.frame(.key(KeyCode.toolPen, 1), .key(KeyCode.touch, touchButton ? 1 : 0), .abs(AbsCode.pressure, pressure))
                harness.frame(.key(KeyCode.toolPen, 0), .key(KeyCode.touch, 0), .abs(AbsCode.pressure, 0))
            }
            return harness.tracker.forceModel
        }
        #expect(learned(touchButton: true).offset == 90)
        #expect(learned(touchButton: false) == learned(touchButton: true))
    }

    @Test func aPenArrivingCloserThanHalfTheDistanceAxisAlreadyPressingIsInContactAtOnce() {
        // At 14 of 0–31 (learning needs 15) with 85: nothing learned, and 85 is above the plain
        // tip-down threshold (51).
        let harness = TrackerHarness(TestDevices.bambooPen())
        let frame = harness.frame(.key(KeyCode.toolPen, 1), .abs(AbsCode.distance, 14), .abs(AbsCode.pressure, 85))
        #expect(frame.map(\.phase) == [.began])
        #expect(harness.tracker.forceModel.offset == 0)
        #expect(isClose(harness.tracker.activeTouches[0].normalizedForce, 75.0 / 1013.0), "counted from the tip-up level, 10")
    }

    @Test func offsetIsNotLearnedWhenTheProfileSaysNot() {
        let model = ForceModel(device: TestDevices.bambooPen(), calibration: ForceCalibration(learnsRestingOffset: false))
        let harness = TrackerHarness(TestDevices.bambooPen(), forceModel: model)
        let frame = harness.frame(.key(KeyCode.toolPen, 1), .abs(AbsCode.distance, 20), .abs(AbsCode.pressure, 85))
        #expect(harness.tracker.forceModel.offset == 0)
        // 85 is above the tip-down threshold (51) of a pen without offset.
        #expect(frame.map(\.phase) == [.began])
    }
}
