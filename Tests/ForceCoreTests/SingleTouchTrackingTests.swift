import ForceCore
import Testing

/// Single-touch screens: `ABS_X/Y`, `ABS_PRESSURE` and `BTN_TOUCH`, or pressure alone when the
/// device advertises `BTN_TOUCH` but never sends it.
@Suite("Touch tracking: single touch")
struct SingleTouchTrackingTests {
    private let harness = TrackerHarness(TestDevices.singleTouchscreen())

    @Test func protocolIsSingleTouch() {
        #expect(harness.tracker.reportingProtocol == .singleTouch)
    }

    @Test func touchButtonBeginsAndEndsTheTouch() {
        #expect(harness.describeFrame(.key(KeyCode.touch, 1), .abs(AbsCode.x, 100), .abs(AbsCode.y, 200), .abs(AbsCode.pressure, 40))
            == ["began #1 s0 finger 100,200 p40"])
        #expect(harness.describeFrame(.abs(AbsCode.pressure, 60)) == ["stationary #1 s0 finger 100,200 p60"])
        #expect(harness.describeFrame(.abs(AbsCode.x, 110)) == ["moved #1 s0 finger 110,200 p60"])
        #expect(harness.describeFrame(.key(KeyCode.touch, 0), .abs(AbsCode.pressure, 0)) == ["ended #1 s0 finger 110,200 p0"])
        #expect(harness.describeFrame(.key(KeyCode.touch, 1), .abs(AbsCode.pressure, 30)) == ["began #2 s0 finger 110,200 p30"])
        #expect(harness.tracker.beganCount == 2)
    }

    @Test func touchButtonDecidesEvenAtLowPressure() {
        #expect(harness.describeFrame(.key(KeyCode.touch, 1), .abs(AbsCode.pressure, 1)) == ["began #1 s0 finger 0,0 p1"])
        #expect(harness.frame(.key(KeyCode.touch, 0)).map(\.phase) == [.ended])
    }

    @Test func deviceThatNeverSendsTouchButtonFallsBackToPressure() {
        // 0–255: the tip goes down at 5% (12.75) and up at 1% (2.55) of the range.
        #expect(harness.frame(.abs(AbsCode.x, 100), .abs(AbsCode.y, 200), .abs(AbsCode.pressure, 12)).isEmpty)
        #expect(harness.describeFrame(.abs(AbsCode.pressure, 13)) == ["began #1 s0 finger 100,200 p13"])
        #expect(harness.describeFrame(.abs(AbsCode.pressure, 3)) == ["stationary #1 s0 finger 100,200 p3"])
        #expect(harness.describeFrame(.abs(AbsCode.pressure, 2)) == ["ended #1 s0 finger 100,200 p0"])
        #expect(harness.frame(.abs(AbsCode.pressure, 12)).isEmpty)
    }

    @Test func forceFollowsTheModel() throws {
        harness.frame(.key(KeyCode.touch, 1), .abs(AbsCode.pressure, 102))
        let touch = try #require(harness.tracker.activeTouches.first)
        #expect(touch.normalizedForce == 0.4)
        #expect(isClose(touch.force, 0.4 / 0.15))
        // Fingers have no tilt.
        #expect(touch.altitudeAngle == .pi / 2)
        #expect(touch.azimuthAngle == 0)
        #expect(!harness.tracker.penProximity.isInProximity)
    }
}
