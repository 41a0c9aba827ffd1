import ForceCore
import Testing

/// MT protocol B: slots, tracking ids and per-slot values that the kernel does not re-send.
@Suite("Touch tracking: MT protocol B")
struct SlotProtocolTrackingTests {
    private let harness = TrackerHarness(TestDevices.slotTouchscreen())

    private func pressFirstFinger() {
        let began = harness.describeFrame(
            .abs(AbsCode.mtTrackingID, 5), .abs(AbsCode.mtPositionX, 100), .abs(AbsCode.mtPositionY, 200),
            .abs(AbsCode.mtPressure, 50))
        #expect(began == ["began #1 s0 finger 100,200 p50"])
    }

    @Test func protocolIsChosenFromTheSlotAxis() {
        #expect(harness.tracker.reportingProtocol == .slots(10))
    }

    @Test func eventsGoToSlotZeroUntilASlotIsSelected() {
        pressFirstFinger()
        #expect(harness.tracker.activeTouches.map(\.slot) == [0])
        #expect(harness.tracker.beganCount == 1)
    }

    @Test func implicitSlotIsTheSlotAxisCurrentValue() {
        var device = TestDevices.slotTouchscreen()
        device.axes[AbsCode.mtSlot] = AxisInfo(value: 2, minimum: 0, maximum: 9)
        let harness = TrackerHarness(device)
        #expect(harness.describeFrame(.abs(AbsCode.mtTrackingID, 1), .abs(AbsCode.mtPositionX, 7)) == ["began #1 s2 finger 7,0 p0"])
    }

    /// A recording's header (an evtest log's `Value` line) may give a current slot outside the
    /// axis range: like an out-of-range `ABS_MT_SLOT`, it selects no slot until a valid one.
    @Test(arguments: [Int32(12), -1])
    func implicitSlotOutsideTheAxisRangeSelectsNoSlot(value: Int32) {
        var device = TestDevices.slotTouchscreen()
        device.axes[AbsCode.mtSlot] = AxisInfo(value: value, minimum: 0, maximum: 9)
        let harness = TrackerHarness(device)
        #expect(harness.describeFrame(.abs(AbsCode.mtTrackingID, 1), .abs(AbsCode.mtPositionX, 7)).isEmpty)
        #expect(harness.describeFrame(.abs(AbsCode.mtSlot, 3), .abs(AbsCode.mtTrackingID, 1), .abs(AbsCode.mtPositionX, 7))
            == ["began #1 s3 finger 7,0 p0"])
    }

    @Test func valuesThatAreNotResentPersist() {
        pressFirstFinger()
        #expect(harness.describeFrame(.abs(AbsCode.mtPressure, 60)) == ["stationary #1 s0 finger 100,200 p60"])
        #expect(harness.describeFrame(.abs(AbsCode.mtPositionX, 110)) == ["moved #1 s0 finger 110,200 p60"])
        #expect(harness.describeFrame(.abs(AbsCode.mtPositionY, 190), .abs(AbsCode.mtPressure, 70)) == ["moved #1 s0 finger 110,190 p70"])
        #expect(harness.describeFrame(.abs(AbsCode.mtTrackingID, -1)) == ["ended #1 s0 finger 110,190 p0"])
        #expect(harness.tracker.activeTouches.isEmpty)
    }

    @Test func selectedSlotPersistsAcrossFrames() {
        pressFirstFinger()
        let second = harness.describeFrame(
            .abs(AbsCode.mtSlot, 1), .abs(AbsCode.mtTrackingID, 6), .abs(AbsCode.mtPositionX, 300),
            .abs(AbsCode.mtPositionY, 400), .abs(AbsCode.mtPressure, 70))
        #expect(second == ["began #2 s1 finger 300,400 p70"])
        // No ABS_MT_SLOT: slot 1 is still selected.
        #expect(harness.describeFrame(.abs(AbsCode.mtPositionX, 310)) == ["moved #2 s1 finger 310,400 p70"])
        #expect(harness.describeFrame(.abs(AbsCode.mtSlot, 0), .abs(AbsCode.mtPressure, 80)) == ["stationary #1 s0 finger 100,200 p80"])
    }

    @Test func unchangedValuesReportNothing() {
        pressFirstFinger()
        #expect(harness.frame(.abs(AbsCode.mtPositionX, 100), .abs(AbsCode.mtPressure, 50)).isEmpty)
        #expect(harness.frame().isEmpty)
    }

    @Test func valueThatChangesAndReturnsWithinAFrameReportsNothing() {
        pressFirstFinger()
        #expect(harness.frame(.abs(AbsCode.mtPositionX, 120), .abs(AbsCode.mtPositionX, 100)).isEmpty)
    }

    @Test func liftAndNewTrackingIDInOneFrameEndThenBegin() {
        pressFirstFinger()
        let frame = harness.describeFrame(
            .abs(AbsCode.mtTrackingID, -1), .abs(AbsCode.mtTrackingID, 6), .abs(AbsCode.mtPositionX, 500))
        #expect(frame == ["ended #1 s0 finger 100,200 p0", "began #2 s0 finger 500,200 p50"])
        #expect(harness.tracker.activeTouches.map(\.identifier) == [2])
        #expect(harness.tracker.beganCount == 2)
    }

    @Test func newTrackingIDWithoutLiftEndsTheOldTouch() {
        pressFirstFinger()
        let frame = harness.describeFrame(.abs(AbsCode.mtTrackingID, 6), .abs(AbsCode.mtPressure, 40))
        #expect(frame == ["ended #1 s0 finger 100,200 p0", "began #2 s0 finger 100,200 p40"])
    }

    @Test func reusedTrackingIDStartsANewTouch() {
        pressFirstFinger()
        harness.frame(.abs(AbsCode.mtTrackingID, -1))
        #expect(harness.describeFrame(.abs(AbsCode.mtTrackingID, 5), .abs(AbsCode.mtPositionX, 150)) == ["began #2 s0 finger 150,200 p50"])
        // Lifted and put down again with the same id in one frame.
        let frame = harness.describeFrame(.abs(AbsCode.mtTrackingID, -1), .abs(AbsCode.mtTrackingID, 5))
        #expect(frame == ["ended #2 s0 finger 150,200 p0", "began #3 s0 finger 150,200 p50"])
    }

    @Test func sameTrackingIDResentDoesNotRestart() {
        pressFirstFinger()
        #expect(harness.frame(.abs(AbsCode.mtTrackingID, 5)).isEmpty)
    }

    @Test func slotsOutOfRangeAreIgnored() {
        #expect(harness.frame(.abs(AbsCode.mtSlot, 10), .abs(AbsCode.mtTrackingID, 7), .abs(AbsCode.mtPositionX, 1)).isEmpty)
        #expect(harness.frame(.abs(AbsCode.mtSlot, -1), .abs(AbsCode.mtTrackingID, 8), .abs(AbsCode.mtPositionX, 2)).isEmpty)
        #expect(harness.tracker.activeTouches.isEmpty)
        // Events stay ignored until a valid slot is selected.
        #expect(harness.frame(.abs(AbsCode.mtTrackingID, 9)).isEmpty)
        #expect(harness.describeFrame(.abs(AbsCode.mtSlot, 9), .abs(AbsCode.mtTrackingID, 9)) == ["began #1 s9 finger 0,0 p0"])
    }

    @Test func axisUpdatesWithoutTrackingIDNeverStartATouch() {
        #expect(harness.frame(.abs(AbsCode.mtSlot, 3), .abs(AbsCode.mtPositionX, 100), .abs(AbsCode.mtPositionY, 100), .abs(AbsCode.mtPressure, 200)).isEmpty)
        #expect(harness.frame(.abs(AbsCode.mtSlot, 0)).isEmpty)
        pressFirstFinger()
        harness.frame(.abs(AbsCode.mtTrackingID, -1))
        #expect(harness.frame(.abs(AbsCode.mtPositionX, 900), .abs(AbsCode.mtPressure, 90)).isEmpty)
        #expect(harness.tracker.activeTouches.isEmpty)
        #expect(harness.tracker.beganCount == 1)
    }

    @Test func touchesOfAFrameAreReportedInSlotOrder() {
        let frame = harness.describeFrame(
            .abs(AbsCode.mtSlot, 4), .abs(AbsCode.mtTrackingID, 9), .abs(AbsCode.mtPositionX, 40),
            .abs(AbsCode.mtSlot, 1), .abs(AbsCode.mtTrackingID, 10), .abs(AbsCode.mtPositionX, 10))
        #expect(frame == ["began #1 s1 finger 10,0 p0", "began #2 s4 finger 40,0 p0"])
        let lift = harness.describeFrame(
            .abs(AbsCode.mtSlot, 4), .abs(AbsCode.mtTrackingID, -1),
            .abs(AbsCode.mtSlot, 1), .abs(AbsCode.mtPositionX, 11))
        #expect(lift == ["moved #1 s1 finger 11,0 p0", "ended #2 s4 finger 40,0 p0"])
    }

    @Test func deviceWidePressureUpdatesEveryTouch() {
        // A slotted screen with ABS_PRESSURE instead of ABS_MT_PRESSURE.
        var device = TestDevices.slotTouchscreen(pressure: nil)
        device.enable(.abs, code: AbsCode.pressure, axis: AxisInfo(minimum: 0, maximum: 255))
        let harness = TrackerHarness(device)
        let began = harness.describeFrame(
            .abs(AbsCode.mtTrackingID, 1), .abs(AbsCode.mtSlot, 1), .abs(AbsCode.mtTrackingID, 2), .abs(AbsCode.pressure, 40))
        #expect(began == ["began #1 s0 finger 0,0 p40", "began #2 s1 finger 0,0 p40"])
        #expect(harness.describeFrame(.abs(AbsCode.pressure, 90)) == ["stationary #1 s0 finger 0,0 p90", "stationary #2 s1 finger 0,0 p90"])
    }

    @Test func penToolTypeMakesAPenTouch() {
        let frame = harness.describeFrame(.abs(AbsCode.mtTrackingID, 3), .abs(AbsCode.mtToolType, MTToolType.pen))
        #expect(frame == ["began #1 s0 pen 0,0 p0"])
    }

    @Test func touchesCarryForceFromTheModel() throws {
        harness.frame(.abs(AbsCode.mtTrackingID, 5), .abs(AbsCode.mtPressure, 51))
        let touch = try #require(harness.tracker.activeTouches.first)
        #expect(touch.normalizedForce == 0.2)
        #expect(isClose(touch.force, 0.2 / 0.15))
        #expect(isClose(touch.maximumPossibleForce, 1 / 0.15))
        #expect(!touch.isForceEstimated)
        #expect(touch.timestamp == harness.time)
    }

    @Test func endedTouchesHaveNoForce() throws {
        harness.frame(.abs(AbsCode.mtTrackingID, 5), .abs(AbsCode.mtPressure, 200))
        let ended = try #require(harness.frame(.abs(AbsCode.mtTrackingID, -1)).first)
        #expect(ended.phase == .ended)
        #expect(ended.force == 0)
        #expect(ended.normalizedForce == 0)
        #expect(ended.rawPressure == 0)
        #expect(isClose(ended.maximumPossibleForce, 1 / 0.15))
    }
}
