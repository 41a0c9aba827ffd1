import ForceBridgeCLI
import ForceTestSupport
import Testing

/// Calibration is a sink of the session that reads the device (no tracker of its own), on the
/// session's clock: `calibrate --replay recordings/NAME.evemu --dry-run --headless` logs, step by
/// step, `Tests/CalibrationGoldens/NAME.txt`, at maximum speed and paced alike: finished
/// calibrations, a repeated step, pens resting with and without `ABS_DISTANCE`, and recordings
/// that end before the calibration is complete.
@Suite("calibrate: the calibration as a sink of the session")
struct CalibrationSinkTests {
    static let names = ["calibrate-worn-pen", "calibrate-touchscreen", "contact-size", "worn-pen", "pen-resting-30-no-distance",
                        "touchscreen-cancel"]

    @Test(arguments: names)
    func theLogIsTheOneWrittenBefore(name: String) throws {
        let golden = try Repository.text("Tests/CalibrationGoldens/\(name).txt")
        let finishes = name.hasPrefix("calibrate-")
        for speed in [[], ["--speed", "50"]] {
            let run = ForceBridgeCLI.runCapturing(["calibrate", "--replay", "recordings/\(name).evemu", "--dry-run", "--headless"] + speed)
            #expect(run.status == (finishes ? 0 : 1), "\(run.error)")
            #expect(run.output == golden, "\(speed)")
        }
    }
}
