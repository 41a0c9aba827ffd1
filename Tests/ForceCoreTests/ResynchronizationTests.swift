import ForceCore
import Testing

/// `beginResynchronization()`: the next frame is libevdev's state delta after `SYN_DROPPED`.
/// Touches that ended or changed identity during the gap are cancelled; the others continue.
@Suite("Touch tracking: resynchronization after SYN_DROPPED")
struct ResynchronizationTests {
    @Test func deltaCancelsChangedTouchesAndKeepsPersistingOnes() {
        let harness = TrackerHarness(TestDevices.slotTouchscreen())
        harness.frame(
            .abs(AbsCode.mtTrackingID, 5), .abs(AbsCode.mtPositionX, 100),
            .abs(AbsCode.mtSlot, 1), .abs(AbsCode.mtTrackingID, 6), .abs(AbsCode.mtPositionX, 200),
            .abs(AbsCode.mtSlot, 2), .abs(AbsCode.mtTrackingID, 7), .abs(AbsCode.mtPositionX, 300))
        harness.tracker.beginResynchronization()
        let delta = harness.describeFrame(
            .abs(AbsCode.mtSlot, 0), .abs(AbsCode.mtTrackingID, -1),
            .abs(AbsCode.mtSlot, 1), .abs(AbsCode.mtTrackingID, 8), .abs(AbsCode.mtPositionX, 222),
            .abs(AbsCode.mtSlot, 2), .abs(AbsCode.mtPositionX, 333))
        #expect(delta == [
            "cancelled #1 s0 finger 100,0 p0",
            "cancelled #2 s1 finger 200,0 p0", "began #4 s1 finger 222,0 p0",
            "moved #3 s2 finger 333,0 p0",
        ])
        // Resynchronization covers one frame only: later lifts end normally.
        #expect(harness.describeFrame(.abs(AbsCode.mtTrackingID, -1)) == ["ended #3 s2 finger 333,0 p0"])
    }

    @Test func emptyDeltaChangesNothing() {
        let harness = TrackerHarness(TestDevices.slotTouchscreen())
        harness.frame(.abs(AbsCode.mtTrackingID, 5))
        harness.tracker.beginResynchronization()
        #expect(harness.frame().isEmpty)
        #expect(harness.tracker.activeTouches.map(\.identifier) == [1])
    }

    @Test func singleTouchLiftDuringTheGapIsACancel() {
        let harness = TrackerHarness(TestDevices.singleTouchscreen())
        harness.frame(.key(KeyCode.touch, 1), .abs(AbsCode.x, 10), .abs(AbsCode.pressure, 40))
        harness.tracker.beginResynchronization()
        #expect(harness.describeFrame(.key(KeyCode.touch, 0), .abs(AbsCode.pressure, 0)) == ["cancelled #1 s0 finger 10,0 p0"])
    }

    @Test func singleTouchThatPersistsContinues() {
        let harness = TrackerHarness(TestDevices.singleTouchscreen())
        harness.frame(.key(KeyCode.touch, 1), .abs(AbsCode.x, 10), .abs(AbsCode.pressure, 40))
        harness.tracker.beginResynchronization()
        #expect(harness.describeFrame(.abs(AbsCode.x, 15)) == ["moved #1 s0 finger 15,0 p40"])
    }

    @Test func protocolAContactMissingFromTheDeltaIsCancelled() {
        let harness = TrackerHarness(TestDevices.anonymousTouchscreen(trackingIDs: true))
        harness.frame(
            .abs(AbsCode.mtTrackingID, 1), .abs(AbsCode.mtPositionX, 10), .mtReport,
            .abs(AbsCode.mtTrackingID, 2), .abs(AbsCode.mtPositionX, 20), .mtReport)
        harness.tracker.beginResynchronization()
        #expect(harness.describeFrame(.abs(AbsCode.mtTrackingID, 2), .abs(AbsCode.mtPositionX, 20), .mtReport)
            == ["cancelled #1 s0 finger 10,0 p0"])
    }
}
