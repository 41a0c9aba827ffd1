import ArgumentParser

/// `forcebridge haptic`: force-feedback devices and the feedback styles on them.
struct HapticCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "haptic",
        abstract: "List force-feedback devices and play feedback styles and AHAP patterns on them.",
        discussion: """
            Feedback plays through the kernel's force-feedback interface (EV_FF) on any device \
            with rumble or periodic effects: phone vibrators, gamepads, haptic touchpads. \
            See docs/haptics.md for how each style maps to magnitudes and durations.
            """,
        subcommands: [HapticListCommand.self, HapticPlayCommand.self, HapticBenchmarkCommand.self]
    )
}
