import ArgumentParser
import ForceCore
@testable import ForceBridgeCLI
import Testing

/// Every option with a fixed set of values lists them, each with what it does, in `--help`
/// (and so in the manual pages), and accepts what it lists.
struct OptionValuesTests {
    @Test func theEffectTypeIsAutoRumbleOrPeriodic() throws {
        let help = ForceBridgeCommand.helpMessage(for: HapticPlayCommand.self, columns: 200)
        #expect(help.contains("--effect <TYPE>         Effect type. (default: auto)\n        auto              - Rumble where the device has it"))
        for (argument, preference) in [("auto", HapticTuning.EffectPreference.automatic), ("automatic", .automatic), ("rumble", .rumble), ("periodic", .periodic)] {
            let command = try #require(try ForceBridgeCommand.parseAsRoot(["haptic", "play", "selection", "--effect", argument]) as? HapticPlayCommand)
            #expect(command.engineOptions.effect == preference)
        }
    }

    @Test func sensitivityTouchDurationAndConversionListTheirValues() {
        let replay = ForceBridgeCommand.helpMessage(for: ReplayCommand.self, columns: 200)
        for value in ["light", "medium", "firm", "fast", "slow"] { #expect(replay.contains("        \(value.padded(to: 18))- "), "\(value)") }
        let convert = ForceBridgeCommand.helpMessage(for: ConvertCommand.self, columns: 200)
        #expect(convert.contains("        evemu             - evemu 1.3") && convert.contains("        libinput-record   - libinput record YAML."))
    }
}
