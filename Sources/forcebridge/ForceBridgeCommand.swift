import ArgumentParser

/// `forcebridge`: iOS-style force touch, preview/commit interactions and haptics on Linux.
@main
struct ForceBridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forcebridge",
        abstract: "Force touch, preview/commit interactions and haptics for Linux pressure-sensitive devices.",
        discussion: """
            Replays recorded sessions (evemu, libinput record YAML, evtest logs) through the same pipeline that serves live devices: \
            touches with UIKit-style force, and UIPreviewInteraction-style preview and commit.
            """,
        version: "0.1.0",
        subcommands: [
            ReplayCommand.self, DescribeCommand.self, ConvertCommand.self, PlotCommand.self,
            ListCommand.self, MonitorCommand.self, RecordCommand.self, HapticCommand.self,
        ]
    )
}
