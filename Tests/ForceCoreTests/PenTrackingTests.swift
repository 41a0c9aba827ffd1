import ForceCore
import Testing

/// Pens: proximity by `BTN_TOOL_PEN`/`BTN_TOOL_RUBBER`, hover by `ABS_DISTANCE`, tip down and up
/// by pressure thresholds with hysteresis (never by a hovering `BTN_TOUCH`).
@Suite("Touch tracking: pens")
struct PenTrackingTests {
    // Intuos Pro: 0–8191, so the tip goes down at 409 (5 %, in whole units) and up again at 81
    // (1 %), where its pressure counts from.
    private let harness = TrackerHarness(TestDevices.penTablet())

    private func hoverIn() {
        let frame = harness.frame(
            .key(KeyCode.toolPen, 1), .abs(AbsCode.x, 1000), .abs(AbsCode.y, 2000), .abs(AbsCode.distance, 40),
            .abs(AbsCode.pressure, 0))
        #expect(frame.isEmpty)
        #expect(harness.tracker.penProximity.isInProximity)
        #expect(harness.tracker.penProximity.distance == 40)
    }

    @Test func hoveringPenBeginsNoTouch() {
        hoverIn()
        #expect(harness.frame(.abs(AbsCode.x, 1100), .abs(AbsCode.distance, 20)).isEmpty)
        #expect(harness.tracker.penProximity.distance == 20)
        // Even BTN_TOUCH while hovering at a distance begins nothing.
        #expect(harness.frame(.key(KeyCode.touch, 1), .abs(AbsCode.distance, 5)).isEmpty)
        #expect(harness.tracker.beganCount == 0)
        #expect(harness.tracker.activeTouches.isEmpty)
    }

    @Test func tipGoesDownAndUpByThresholdsWithHysteresis() {
        hoverIn()
        #expect(harness.frame(.abs(AbsCode.distance, 0), .key(KeyCode.touch, 1), .abs(AbsCode.pressure, 408)).isEmpty)
        #expect(harness.describeFrame(.abs(AbsCode.pressure, 409)) == ["began #1 s0 pen 1000,2000 p409"])
        #expect(harness.describeFrame(.abs(AbsCode.pressure, 100)) == ["stationary #1 s0 pen 1000,2000 p100"])
        #expect(harness.describeFrame(.abs(AbsCode.pressure, 82)) == ["stationary #1 s0 pen 1000,2000 p82"])
        #expect(harness.describeFrame(.abs(AbsCode.pressure, 81)) == ["ended #1 s0 pen 1000,2000 p0"])
        // Back above the tip-up threshold but below tip-down: still up.
        #expect(harness.frame(.abs(AbsCode.pressure, 300)).isEmpty)
        #expect(harness.describeFrame(.abs(AbsCode.pressure, 409)) == ["began #2 s0 pen 1000,2000 p409"])
        #expect(harness.tracker.beganCount == 2)
    }

    @Test func leavingProximityEndsTheTouch() {
        hoverIn()
        harness.frame(.abs(AbsCode.distance, 0), .key(KeyCode.touch, 1), .abs(AbsCode.pressure, 2000))
        #expect(harness.describeFrame(.key(KeyCode.toolPen, 0)) == ["ended #1 s0 pen 1000,2000 p0"])
        #expect(!harness.tracker.penProximity.isInProximity)
        // Pressure without proximity begins nothing.
        #expect(harness.frame(.abs(AbsCode.pressure, 3000)).isEmpty)
    }

    @Test func eraserIsItsOwnTool() {
        let frame = harness.describeFrame(
            .key(KeyCode.toolRubber, 1), .abs(AbsCode.x, 10), .abs(AbsCode.y, 20), .abs(AbsCode.pressure, 1000))
        #expect(frame == ["began #1 s0 eraser 10,20 p1000"])
        #expect(harness.tracker.penProximity.isInProximity)
        #expect(harness.describeFrame(.key(KeyCode.toolRubber, 0), .abs(AbsCode.pressure, 0)) == ["ended #1 s0 eraser 10,20 p0"])
    }

    @Test func switchingFromPenToEraserEndsOneTouchAndBeginsAnother() {
        harness.frame(.key(KeyCode.toolPen, 1), .abs(AbsCode.pressure, 1000))
        let frame = harness.describeFrame(.key(KeyCode.toolPen, 0), .key(KeyCode.toolRubber, 1))
        #expect(frame == ["ended #1 s0 pen 0,0 p0", "began #2 s0 eraser 0,0 p1000"])
    }

    @Test func tiltChangeAloneIsStationary() throws {
        harness.frame(.key(KeyCode.toolPen, 1), .abs(AbsCode.pressure, 1000))
        let frame = harness.frame(.abs(AbsCode.tiltX, 57))
        let touch = try #require(frame.first)
        #expect(frame.count == 1)
        #expect(touch.phase == .stationary)
        #expect(isClose(touch.altitudeAngle, .pi / 2 - 1))
        #expect(touch.azimuthAngle == 0)
    }

    @Test func endedPenTouchHasNoForce() throws {
        harness.frame(.key(KeyCode.toolPen, 1), .abs(AbsCode.pressure, 4000))
        let ended = try #require(harness.frame(.key(KeyCode.toolPen, 0)).first)
        #expect(ended.phase == .ended)
        #expect(ended.force == 0)
        #expect(ended.normalizedForce == 0)
    }

    @Test func penForceUsesTheTabletDefaults() throws {
        harness.frame(.key(KeyCode.toolPen, 1), .abs(AbsCode.pressure, 2048))
        let touch = try #require(harness.tracker.activeTouches.first)
        // Pressure counts from the tip-up level, 81; an average pen touch is 24 % of the range above
        // it: 0.24 × 8110 = 1946.4.
        #expect(isClose(touch.normalizedForce, 1967.0 / 8110.0))
        #expect(isClose(touch.force, 1967.0 / 1946.4))
        #expect(isClose(touch.maximumPossibleForce, 1 / 0.24))
    }
}
