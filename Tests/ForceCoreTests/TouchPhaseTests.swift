import ForceCore
import Testing

/// UIKit phases: `moved` when the position changed, `stationary` when only force, size or tilt did.
@Suite("Touch phases")
struct TouchPhaseTests {
    private let harness = TrackerHarness(TestDevices.slotTouchscreen())

    init() {
        harness.frame(.abs(AbsCode.mtTrackingID, 1), .abs(AbsCode.mtPositionX, 10), .abs(AbsCode.mtPositionY, 10), .abs(AbsCode.mtPressure, 10))
    }

    @Test func positionChangeIsMovedEvenWithPressure() {
        #expect(harness.frame(.abs(AbsCode.mtPositionY, 11), .abs(AbsCode.mtPressure, 20)).map(\.phase) == [.moved])
    }

    @Test func pressureChangeIsStationary() {
        #expect(harness.frame(.abs(AbsCode.mtPressure, 20)).map(\.phase) == [.stationary])
    }

    @Test func contactSizeChangeIsStationary() throws {
        let touch = try #require(harness.frame(.abs(AbsCode.mtTouchMajor, 30)).first)
        #expect(touch.phase == .stationary)
        #expect(touch.majorDiameter == 30)
    }

    @Test func terminalPhases() {
        #expect(TouchPhase.ended.isTerminal)
        #expect(TouchPhase.cancelled.isTerminal)
        #expect(!TouchPhase.began.isTerminal)
        #expect(!TouchPhase.moved.isTerminal)
        #expect(!TouchPhase.stationary.isTerminal)
    }
}
