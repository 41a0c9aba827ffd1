import ForceCore
import Testing

/// `SYN_DROPPED`: the rest of the frame is invalid, every touch is cancelled, and a contact only
/// begins again once it is known to be new (a new tracking id, or a lift first).
@Suite("Touch tracking: SYN_DROPPED")
struct DroppedEventsTests {
    @Test func droppedEventsCancelEveryTouchAndDiscardTheRestOfTheFrame() {
        let harness = TrackerHarness(TestDevices.slotTouchscreen())
        harness.frame(
            .abs(AbsCode.mtTrackingID, 5), .abs(AbsCode.mtPositionX, 100), .abs(AbsCode.mtPositionY, 200), .abs(AbsCode.mtPressure, 50),
            .abs(AbsCode.mtSlot, 1), .abs(AbsCode.mtTrackingID, 6), .abs(AbsCode.mtPositionX, 300), .abs(AbsCode.mtPressure, 70))
        let dropped = harness.describeFrame(
            .abs(AbsCode.mtPositionX, 310), .dropped,
            .abs(AbsCode.mtSlot, 0), .abs(AbsCode.mtPositionX, 999), .abs(AbsCode.mtTrackingID, 77), .mtReport)
        #expect(dropped == ["cancelled #1 s0 finger 100,200 p0", "cancelled #2 s1 finger 300,0 p0"])
        #expect(harness.tracker.activeTouches.isEmpty)
        #expect(harness.tracker.frameTime == harness.time)

        // Slot 1 is still selected (the ABS_MT_SLOT after SYN_DROPPED was discarded).
        #expect(harness.frame(.abs(AbsCode.mtPositionX, 320), .abs(AbsCode.mtPressure, 90)).isEmpty)
        // Same tracking id again: the same contact, not a new one.
        #expect(harness.frame(.abs(AbsCode.mtSlot, 0), .abs(AbsCode.mtTrackingID, 5), .abs(AbsCode.mtPositionX, 110)).isEmpty)
        #expect(harness.frame(.abs(AbsCode.mtTrackingID, -1)).isEmpty)
        // A new tracking id begins a touch, with the slot's values from before the gap (999 was discarded).
        #expect(harness.describeFrame(.abs(AbsCode.mtTrackingID, 8)) == ["began #3 s0 finger 110,200 p50"])
        #expect(harness.describeFrame(.abs(AbsCode.mtSlot, 1), .abs(AbsCode.mtTrackingID, 9)) == ["began #4 s1 finger 320,0 p90"])
    }

    @Test func droppedFrameWithoutTouchesReportsNothing() {
        let harness = TrackerHarness(TestDevices.slotTouchscreen())
        #expect(harness.frame(.dropped, .abs(AbsCode.mtTrackingID, 3)).isEmpty)
        // The discarded tracking id never took effect.
        #expect(harness.describeFrame(.abs(AbsCode.mtTrackingID, 3)) == ["began #1 s0 finger 0,0 p0"])
    }

    @Test func singleTouchRestartsOnlyAfterALift() {
        let harness = TrackerHarness(TestDevices.singleTouchscreen())
        harness.frame(.key(KeyCode.touch, 1), .abs(AbsCode.x, 10), .abs(AbsCode.pressure, 40))
        #expect(harness.describeFrame(.abs(AbsCode.pressure, 41), .dropped, .abs(AbsCode.pressure, 42)) == ["cancelled #1 s0 finger 10,0 p0"])
        #expect(harness.frame(.abs(AbsCode.pressure, 60)).isEmpty)
        #expect(harness.frame(.abs(AbsCode.x, 20)).isEmpty)
        #expect(harness.frame(.key(KeyCode.touch, 0)).isEmpty)
        #expect(harness.describeFrame(.key(KeyCode.touch, 1)) == ["began #2 s0 finger 20,0 p60"])
    }

    @Test func penRestartsOnlyAfterTheTipLifts() {
        let harness = TrackerHarness(TestDevices.penTablet())
        harness.frame(.key(KeyCode.toolPen, 1), .abs(AbsCode.pressure, 3000))
        #expect(harness.frame(.dropped).map(\.phase) == [.cancelled])
        #expect(harness.frame(.abs(AbsCode.pressure, 3100)).isEmpty)
        #expect(harness.frame(.abs(AbsCode.pressure, 0)).isEmpty)
        #expect(harness.frame(.abs(AbsCode.pressure, 3000)).map(\.phase) == [.began])
    }

    @Test func protocolAContactThatPersistsThroughTheGapDoesNotBeginAgain() {
        let harness = TrackerHarness(TestDevices.anonymousTouchscreen(trackingIDs: true))
        func contact(_ id: Int32, x: Int32) -> [ScriptEvent] {
            [.abs(AbsCode.mtTrackingID, id), .abs(AbsCode.mtPositionX, x), .abs(AbsCode.mtPressure, 50), .mtReport]
        }
        harness.frame(contact(1, x: 10) + contact(2, x: 20))
        #expect(harness.frame(contact(1, x: 11) + [.dropped] + contact(2, x: 21)).map(\.phase) == [.cancelled, .cancelled])
        // Both contacts are still down: they do not begin again.
        #expect(harness.frame(contact(1, x: 12) + contact(2, x: 22)).isEmpty)
        // Contact 2 lifts, contact 3 is new: only 3 begins.
        #expect(harness.frame(contact(1, x: 13) + contact(3, x: 30)).map(\.testDescription) == ["began #3 s1 finger 30,0 p50"])
        // Contact 1 lifts silently.
        #expect(harness.frame(contact(3, x: 31)).map(\.testDescription) == ["moved #3 s1 finger 31,0 p50"])
    }
}
