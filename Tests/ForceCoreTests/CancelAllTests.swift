import ForceCore
import Testing

/// `cancelAll(at:)`: device loss, end of input or an explicit reset cancels every touch at once.
@Suite("Touch tracking: cancelling everything")
struct CancelAllTests {
    @Test func everyActiveTouchIsCancelledWithoutForce() {
        let harness = TrackerHarness(TestDevices.slotTouchscreen())
        harness.frame(
            .abs(AbsCode.mtTrackingID, 5), .abs(AbsCode.mtPositionX, 100), .abs(AbsCode.mtPressure, 120),
            .abs(AbsCode.mtSlot, 3), .abs(AbsCode.mtTrackingID, 6), .abs(AbsCode.mtPositionX, 300), .abs(AbsCode.mtPressure, 90))
        harness.tracker.cancelAll(at: 987_654)
        let cancelled = harness.tracker.frameTouches
        #expect(cancelled.map(\.testDescription) == ["cancelled #1 s0 finger 100,0 p0", "cancelled #2 s3 finger 300,0 p0"])
        #expect(cancelled.map(\.force) == [0, 0])
        #expect(cancelled.map(\.normalizedForce) == [0, 0])
        #expect(cancelled.map(\.timestamp) == [987_654, 987_654])
        #expect(harness.tracker.frameTime == 987_654)
        #expect(harness.tracker.activeTouches.isEmpty)
    }

    @Test func nothingActiveCancelsNothing() {
        let harness = TrackerHarness(TestDevices.slotTouchscreen())
        harness.tracker.cancelAll(at: 5)
        #expect(harness.tracker.frameTouches.isEmpty)
    }

    @Test func contactsNeedANewTrackingIDAfterwards() {
        let harness = TrackerHarness(TestDevices.slotTouchscreen())
        harness.frame(.abs(AbsCode.mtTrackingID, 5), .abs(AbsCode.mtPositionX, 100))
        harness.tracker.cancelAll(at: harness.time)
        #expect(harness.frame(.abs(AbsCode.mtPositionX, 110)).isEmpty)
        #expect(harness.frame(.abs(AbsCode.mtTrackingID, 9)).map(\.phase) == [.began])
    }

    @Test func penInProximityIsForgotten() {
        let harness = TrackerHarness(TestDevices.penTablet())
        harness.frame(.key(KeyCode.toolPen, 1), .abs(AbsCode.pressure, 3000))
        harness.tracker.cancelAll(at: harness.time)
        #expect(harness.tracker.frameTouches.map(\.phase) == [.cancelled])
        #expect(!harness.tracker.penProximity.isInProximity)
    }
}
