import ForceCore
import Testing

/// `MT_TOOL_PALM` cancels a touch, and the palm's later lift delivers nothing.
@Suite("Touch tracking: palms")
struct PalmRejectionTests {
    @Test func palmCancelsTheTouchAndSwallowsItsLift() {
        let harness = TrackerHarness(TestDevices.slotTouchscreen())
        harness.frame(.abs(AbsCode.mtTrackingID, 5), .abs(AbsCode.mtPositionX, 100), .abs(AbsCode.mtPositionY, 200), .abs(AbsCode.mtPressure, 50))
        #expect(harness.describeFrame(.abs(AbsCode.mtToolType, MTToolType.palm), .abs(AbsCode.mtPressure, 120))
            == ["cancelled #1 s0 palm 100,200 p0"])
        #expect(harness.frame(.abs(AbsCode.mtPositionX, 150), .abs(AbsCode.mtPressure, 140)).isEmpty)
        #expect(harness.frame(.abs(AbsCode.mtToolType, MTToolType.finger)).isEmpty)
        #expect(harness.frame(.abs(AbsCode.mtTrackingID, -1)).isEmpty)
        #expect(harness.tracker.activeTouches.isEmpty)
        // The slot is usable again.
        #expect(harness.describeFrame(.abs(AbsCode.mtTrackingID, 6), .abs(AbsCode.mtToolType, MTToolType.finger))
            == ["began #2 s0 finger 150,200 p140"])
    }

    @Test func contactThatIsAPalmFromTheStartNeverBegins() {
        let harness = TrackerHarness(TestDevices.slotTouchscreen())
        #expect(harness.frame(.abs(AbsCode.mtTrackingID, 5), .abs(AbsCode.mtToolType, MTToolType.palm), .abs(AbsCode.mtPressure, 200)).isEmpty)
        #expect(harness.frame(.abs(AbsCode.mtPositionX, 10)).isEmpty)
        #expect(harness.frame(.abs(AbsCode.mtTrackingID, -1)).isEmpty)
        #expect(harness.tracker.beganCount == 0)
    }

    @Test func palmReplacedByANewContactInOneFrameBeginsIt() {
        let harness = TrackerHarness(TestDevices.slotTouchscreen())
        harness.frame(.abs(AbsCode.mtTrackingID, 5), .abs(AbsCode.mtToolType, MTToolType.palm))
        let frame = harness.describeFrame(
            .abs(AbsCode.mtTrackingID, -1), .abs(AbsCode.mtTrackingID, 6), .abs(AbsCode.mtToolType, MTToolType.finger))
        #expect(frame == ["began #1 s0 finger 0,0 p0"])
    }

    @Test func palmOnAnotherSlotLeavesOtherTouchesAlone() {
        let harness = TrackerHarness(TestDevices.slotTouchscreen())
        harness.frame(
            .abs(AbsCode.mtTrackingID, 5), .abs(AbsCode.mtPositionX, 10),
            .abs(AbsCode.mtSlot, 1), .abs(AbsCode.mtTrackingID, 6), .abs(AbsCode.mtPositionX, 20))
        let frame = harness.describeFrame(
            .abs(AbsCode.mtToolType, MTToolType.palm), .abs(AbsCode.mtSlot, 0), .abs(AbsCode.mtPositionX, 11))
        #expect(frame == ["moved #1 s0 finger 11,0 p0", "cancelled #2 s1 palm 20,0 p0"])
        #expect(harness.tracker.activeTouches.map(\.identifier) == [1])
    }

    @Test func palmWithProtocolACancelsAndSwallowsTheLift() {
        let harness = TrackerHarness(TestDevices.anonymousTouchscreen(trackingIDs: true))
        harness.frame(.abs(AbsCode.mtTrackingID, 3), .abs(AbsCode.mtPositionX, 40), .abs(AbsCode.mtPressure, 50), .mtReport)
        let palm = harness.describeFrame(
            .abs(AbsCode.mtTrackingID, 3), .abs(AbsCode.mtPositionX, 40), .abs(AbsCode.mtPressure, 90),
            .abs(AbsCode.mtToolType, MTToolType.palm), .mtReport)
        #expect(palm == ["cancelled #1 s0 palm 40,0 p0"])
        #expect(harness.frame(
            .abs(AbsCode.mtTrackingID, 3), .abs(AbsCode.mtPositionX, 45), .abs(AbsCode.mtPressure, 95),
            .abs(AbsCode.mtToolType, MTToolType.palm), .mtReport).isEmpty)
        #expect(harness.frame(.mtReport).isEmpty)
        #expect(harness.tracker.beganCount == 1)
    }
}
