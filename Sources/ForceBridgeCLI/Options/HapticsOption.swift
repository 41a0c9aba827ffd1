import ArgumentParser
import ForceCommandLine
import ForceCore
import ForceDevices
import ForceSession
import ForceSystem

/// `--haptics DEVICE`: the interaction's peek and pop on a force-feedback device, for `replay`,
/// `monitor` and `rate`.
struct HapticsOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Play the peek and pop on a force-feedback device: a node, part of its name, or auto for the first one you may write to.",
        valueName: "DEVICE"))
    var haptics: String?

    /// The haptics asked for, opened and prepared, timed by `loop` (the runtime's); nil without
    /// `--haptics`. The first error playing them is reported on standard error.
    func open(on loop: EventLoop) throws -> InteractionHaptics? {
        guard let haptics else { return nil }
        let info = try HapticDeviceResolver.resolve(haptics)
        let engine: HapticEngine
        do {
            engine = try HapticEngine.open(path: info.node, configuration: HapticEngineConfiguration().calibrated(for: info))
        } catch {
            throw CommandFailure("--haptics: \(CommandFailure.message(for: error))")
        }
        return InteractionHaptics(engine: engine, node: info.node, loop: loop) { error in
            Console.error("forcebridge: haptics: \(CommandFailure.message(for: error))")
        }
    }
}
