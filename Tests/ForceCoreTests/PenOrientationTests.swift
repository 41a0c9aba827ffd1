import Foundation
import ForceCore
import Testing

/// Tilt (`ABS_TILT_X/Y`, angles from the vertical) → `altitudeAngle` and `azimuthAngle`.
@Suite("Pen tilt to altitude and azimuth")
struct PenOrientationTests {
    @Test func upright() {
        let orientation = Touch.orientation(tiltX: 0, tiltY: 0)
        #expect(orientation.altitude == .pi / 2)
        #expect(orientation.azimuth == 0)
    }

    @Test func tiltAlongOneAxisLowersAltitudeByTheTilt() {
        let towardX = Touch.orientation(tiltX: .pi / 6, tiltY: 0)
        #expect(isClose(towardX.altitude, .pi / 3))
        #expect(towardX.azimuth == 0)

        let towardMinusY = Touch.orientation(tiltX: 0, tiltY: -.pi / 6)
        #expect(isClose(towardMinusY.altitude, .pi / 3))
        #expect(isClose(towardMinusY.azimuth, -.pi / 2))

        let towardMinusX = Touch.orientation(tiltX: -.pi / 4, tiltY: 0)
        #expect(isClose(towardMinusX.altitude, .pi / 4))
        #expect(isClose(towardMinusX.azimuth, .pi))
    }

    @Test func equalTiltsLeanDiagonally() {
        // tan 45° = 1 on both axes: the pen leans atan(√2) from the vertical, toward +x+y.
        let diagonal = Touch.orientation(tiltX: .pi / 4, tiltY: .pi / 4)
        #expect(isClose(diagonal.altitude, .pi / 2 - atan(2.0.squareRoot())))
        #expect(isClose(diagonal.altitude, 0.6154797086703874))
        #expect(isClose(diagonal.azimuth, .pi / 4))
    }

    @Test func trackerUsesTheTiltResolutionInUnitsPerRadian() throws {
        // 57 units per radian: -57 on X is one radian toward -x.
        let harness = TrackerHarness(TestDevices.penTablet(tiltResolution: 57))
        harness.frame(.key(KeyCode.toolPen, 1), .abs(AbsCode.pressure, 1000), .abs(AbsCode.tiltX, -57), .abs(AbsCode.tiltY, 0))
        let touch = try #require(harness.tracker.activeTouches.first)
        #expect(isClose(touch.altitudeAngle, .pi / 2 - 1))
        #expect(isClose(touch.azimuthAngle, .pi))
    }

    @Test func trackerTakesTiltInDegreesWithoutResolution() throws {
        let harness = TrackerHarness(TestDevices.penTablet(tiltResolution: 0))
        harness.frame(.key(KeyCode.toolPen, 1), .abs(AbsCode.pressure, 1000), .abs(AbsCode.tiltX, 45), .abs(AbsCode.tiltY, 45))
        let touch = try #require(harness.tracker.activeTouches.first)
        #expect(isClose(touch.altitudeAngle, 0.6154797086703874))
        #expect(isClose(touch.azimuthAngle, .pi / 4))
    }
}
