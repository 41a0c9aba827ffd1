import ForceCore
import ForceDevices
import ForceSession
import ForceTerminalUI
import ForceTestSupport
import Testing

/// `haptic play`'s run on a simulated motor: the feedback played to its end and said, the kernel
/// effects listed when verbose, a pattern with nothing to play said so.
struct HapticPlayTests {
    @Test func aFeedbackPlaysToItsEnd() throws {
        let motor = SimulatedHapticDevice(path: "/dev/input/vibra", profile: .phoneVibrator())
        let engine = try HapticEngine(device: motor)
        let text = CapturedText()
        let play = try HapticPlay()
        try play.play(.impact(.heavy, intensity: 1), on: engine, node: "/dev/input/vibra", name: "Vibrator", verbose: true, output: TextOutput(text))
        let lines = text.text.split(separator: "\n").map(String.init)
        #expect(lines.last?.hasPrefix("Playing \(FeedbackRequest.impact(.heavy, intensity: 1).name) on /dev/input/vibra \"Vibrator\" (") == true)
        #expect(lines.count > 1, "the kernel effects come first")
        #expect(motor.playCount >= 1 && play.caughtSignal == nil)

        let quiet = CapturedText()
        try play.play(.impact(.light, intensity: 0), on: engine, node: "/dev/input/vibra", name: "Vibrator", verbose: false, output: TextOutput(quiet))
        #expect(quiet.text.hasPrefix("Nothing to play: "))
    }
}
