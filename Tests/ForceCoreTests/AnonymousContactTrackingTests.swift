import ForceCore
import Testing

/// MT protocol A: every frame lists every contact, each closed by `SYN_MT_REPORT`; contacts are
/// matched to the previous frame's by tracking id when the device sends ids, else by distance.
@Suite("Touch tracking: MT protocol A")
struct AnonymousContactTrackingTests {
    private func contact(id: Int32? = nil, x: Int32, y: Int32, pressure: Int32) -> [ScriptEvent] {
        var events: [ScriptEvent] = []
        if let id { events.append(.abs(AbsCode.mtTrackingID, id)) }
        events += [.abs(AbsCode.mtPositionX, x), .abs(AbsCode.mtPositionY, y), .abs(AbsCode.mtPressure, pressure), .mtReport]
        return events
    }

    private func describe(_ touches: [Touch]) -> [String] { touches.map(\.testDescription) }

    @Test func protocolIsChosenWithoutASlotAxis() {
        let tracker = TouchTracker(device: TestDevices.anonymousTouchscreen(trackingIDs: false))
        #expect(tracker.reportingProtocol == .anonymousContacts)
    }

    @Test func contactsWithTrackingIDsAreMatchedByID() {
        let harness = TrackerHarness(TestDevices.anonymousTouchscreen(trackingIDs: true))
        let first = harness.frame(contact(id: 1, x: 100, y: 100, pressure: 50) + contact(id: 2, x: 500, y: 500, pressure: 60))
        #expect(describe(first) == ["began #1 s0 finger 100,100 p50", "began #2 s1 finger 500,500 p60"])

        // Listed in the other order, and id 2 now nearer to where id 1 was: ids decide.
        let second = harness.frame(contact(id: 2, x: 120, y: 120, pressure: 60) + contact(id: 1, x: 100, y: 100, pressure: 55))
        #expect(describe(second) == ["stationary #1 s0 finger 100,100 p55", "moved #2 s1 finger 120,120 p60"])

        let third = harness.frame(contact(id: 2, x: 120, y: 120, pressure: 60))
        #expect(describe(third) == ["ended #1 s0 finger 100,100 p0"])

        // A new id takes the first free contact index.
        let fourth = harness.frame(contact(id: 2, x: 120, y: 120, pressure: 60) + contact(id: 3, x: 900, y: 10, pressure: 30))
        #expect(describe(fourth) == ["began #3 s0 finger 900,10 p30"])

        let lift = harness.frame([.mtReport])
        #expect(describe(lift) == ["ended #3 s0 finger 900,10 p0", "ended #2 s1 finger 120,120 p0"])
        #expect(harness.tracker.activeTouches.isEmpty)
        #expect(harness.tracker.beganCount == 3)
    }

    @Test func contactsWithoutTrackingIDsAreMatchedToTheNearest() {
        let harness = TrackerHarness(TestDevices.anonymousTouchscreen(trackingIDs: false))
        let first = harness.frame(contact(x: 100, y: 100, pressure: 50) + contact(x: 500, y: 500, pressure: 60))
        #expect(describe(first) == ["began #1 s0 finger 100,100 p50", "began #2 s1 finger 500,500 p60"])

        let second = harness.frame(contact(x: 498, y: 502, pressure: 60) + contact(x: 103, y: 101, pressure: 50))
        #expect(describe(second) == ["moved #1 s0 finger 103,101 p50", "moved #2 s1 finger 498,502 p60"])
    }

    @Test func liftOfTheFirstContactEndsTheFirstTouchNotTheNearestSlot() {
        // Without ids, the remaining contact belongs to the touch nearest to it, even when that touch
        // is not the first: the first finger lifted, the second stayed.
        let harness = TrackerHarness(TestDevices.anonymousTouchscreen(trackingIDs: false))
        harness.frame(contact(x: 100, y: 100, pressure: 50) + contact(x: 500, y: 500, pressure: 60))
        let lift = harness.frame(contact(x: 497, y: 503, pressure: 61))
        #expect(describe(lift) == ["ended #1 s0 finger 100,100 p0", "moved #2 s1 finger 497,503 p61"])
        #expect(harness.tracker.activeTouches.map(\.identifier) == [2])
    }

    @Test func touchButtonReleaseWithoutContactsLiftsEverything() {
        let harness = TrackerHarness(TestDevices.anonymousTouchscreen(trackingIDs: false))
        harness.frame([.key(KeyCode.touch, 1)] + contact(x: 10, y: 20, pressure: 30))
        #expect(describe(harness.frame(.key(KeyCode.touch, 0))) == ["ended #1 s0 finger 10,20 p0"])
    }

    @Test func frameWithoutContactDataChangesNothing() {
        let harness = TrackerHarness(TestDevices.anonymousTouchscreen(trackingIDs: false))
        harness.frame(contact(x: 10, y: 20, pressure: 30))
        #expect(harness.frame().isEmpty)
        #expect(harness.tracker.activeTouches.count == 1)
    }

    @Test func lastContactWithoutMTReportStillCounts() {
        let harness = TrackerHarness(TestDevices.anonymousTouchscreen(trackingIDs: false))
        let frame = harness.frame(.abs(AbsCode.mtPositionX, 7), .abs(AbsCode.mtPositionY, 8), .abs(AbsCode.mtPressure, 9))
        #expect(describe(frame) == ["began #1 s0 finger 7,8 p9"])
    }

    @Test func deviceWidePressureChangeIsStationary() throws {
        // An old protocol A screen with ABS_PRESSURE instead of ABS_MT_PRESSURE.
        var device = TestDevices.anonymousTouchscreen(trackingIDs: false)
        device.disable(.abs, code: AbsCode.mtPressure)
        device.enable(.abs, code: AbsCode.pressure, axis: AxisInfo(minimum: 0, maximum: 255))
        let harness = TrackerHarness(device)
        let contact: [ScriptEvent] = [.abs(AbsCode.mtPositionX, 10), .abs(AbsCode.mtPositionY, 20), .mtReport]
        #expect(describe(harness.frame([.abs(AbsCode.pressure, 40)] + contact)) == ["began #1 s0 finger 10,20 p40"])
        #expect(describe(harness.frame([.abs(AbsCode.pressure, 90)] + contact)) == ["stationary #1 s0 finger 10,20 p90"])
        #expect(harness.frame(contact).isEmpty)
    }

    @Test func unchangedContactsReportNothing() {
        let harness = TrackerHarness(TestDevices.anonymousTouchscreen(trackingIDs: true))
        harness.frame(contact(id: 4, x: 10, y: 20, pressure: 30))
        #expect(harness.frame(contact(id: 4, x: 10, y: 20, pressure: 30)).isEmpty)
    }
}
