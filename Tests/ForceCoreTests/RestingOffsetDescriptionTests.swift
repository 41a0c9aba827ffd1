import ForceCore
import Testing

/// What `describe` says about a pen's resting offset: each rule as it applies to the device (the
/// learning distance in raw units, the heuristic's state).
@Suite("Resting offset description")
struct RestingOffsetDescriptionTests {
    @Test func aPenWithoutDistanceSaysTheHeuristicAndWhereItStands() {
        var pen = ForceModel(device: TestDevices.bambooPen(distance: false))
        #expect(pen.restingOffsetDescription == [
            "resting offset: none until the 3rd proximity-in with pressure above 0 decides it from the lowest pressure seen in "
                + "proximity since the first (no ABS_DISTANCE); until then the configured offset, 0, applies and the plain tip "
                + "thresholds decide contact",
            "at most 50 % of the range (511.5) is learned; once learned it only decreases, never below 0",
            "now: no proximity-in yet",
            "tip: down at 51, up at 10 (raw units; without an offset 5 % and 1 % of the range, in whole units; "
                + "with one, learned or configured, up at the offset and down 41 above it); force counts from the tip-up level",
        ])
        pen.observePen(pressure: 307, distance: 0, isProximityIn: true)
        #expect(pen.restingOffsetDescription[2] == "now: 1 of 3 proximity-ins with pressure, lowest pressure 307, no offset yet")
        pen.observePen(pressure: 0, distance: 0, isProximityIn: false)
        #expect(pen.restingOffsetDescription[2] == "now: 1 of 3 proximity-ins with pressure, lowest pressure 0, no offset yet")
        for _ in 0..<2 { pen.observePen(pressure: 307, distance: 0, isProximityIn: true) }
        #expect(pen.restingOffsetDescription[2]
            == "now: decided: no offset (the lowest pressure was at the configured offset, or above the cap)")
    }

    @Test func aPenWithDistanceSaysTheLearningDistanceInRawUnits() {
        var pen = ForceModel(device: TestDevices.bambooPen())
        #expect(pen.restingOffsetDescription[0]
            == "resting offset: learned from the pressure at a proximity-in where ABS_DISTANCE is at least 15 (50 % of 0...31); "
                + "closer, a pressure is too likely a press: nothing is learned, the configured offset, 0, stays and the plain tip "
                + "thresholds decide contact")
        #expect(pen.restingOffsetDescription[2] == "now: no proximity-in far enough with pressure yet")
        pen.observePen(pressure: 307, distance: 14, isProximityIn: true)
        #expect(pen.restingOffsetDescription[2] == "now: no proximity-in far enough with pressure yet")
        pen.observePen(pressure: 307, distance: 15, isProximityIn: true)
        #expect(pen.restingOffsetDescription[2] == "now: learned 307")
        #expect(pen.restingOffsetDescription[3].hasPrefix("tip: down at 348, up at 307 (raw units;"))
        #expect(ForceModel(device: TestDevices.penTablet()).restingOffsetDescription[0].contains("at least 31 (50 % of 0...63)"))
    }

    @Test func learningOffAndDevicesWithoutPressureSaySo() {
        let off = ForceModel(device: TestDevices.bambooPen(), calibration: ForceCalibration(restingOffset: 82, learnsRestingOffset: false))
        #expect(off.restingOffsetDescription.first == "resting offset: 82, not learned (learning is off for this device or profile)")
        #expect(ForceModel(device: TestDevices.noPressureTouchscreen()).restingOffsetDescription.isEmpty)
    }
}
