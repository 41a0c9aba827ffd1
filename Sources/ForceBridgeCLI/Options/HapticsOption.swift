import ArgumentParser
import ForceDevices
import ForceSystem

/// `--haptics DEVICE`: the interaction's peek and pop on a force-feedback device, for `replay`,
/// `monitor` and `rate`.
struct HapticsOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Play the peek and pop on a force-feedback device: a node, part of its name, or auto for the first one you may write to.",
        valueName: "DEVICE"))
    var haptics: String?

    /// The haptics asked for, opened and prepared, timed by `loop` (the runtime's); nil without
    /// `--haptics`.
    func open(on loop: EventLoop) throws -> InteractionHaptics? {
        try haptics.map { try InteractionHaptics.open($0, loop: loop) }
    }
}
