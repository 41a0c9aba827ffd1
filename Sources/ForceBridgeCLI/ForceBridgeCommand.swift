import ArgumentParser

/// `forcebridge`: iOS-style force touch, preview/commit interactions and haptics on Linux.
struct ForceBridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forcebridge",
        abstract: "Force touch, preview/commit interactions and haptics for Linux pressure-sensitive devices.",
        discussion: """
            Replays recorded sessions (evemu, libinput record YAML, evtest logs) and reads live devices \
            through the same pipeline: touches with UIKit-style force, and UIPreviewInteraction-style \
            preview and commit; 'rate' runs the EmojiRater overlay on them.
            """,
        version: "0.1.0",
        subcommands: [
            ReplayCommand.self, DescribeCommand.self, ConvertCommand.self, PlotCommand.self,
            ListCommand.self, MonitorCommand.self, RecordCommand.self,
            RateCommand.self, RatingsCommand.self,
            UdevCommand.self, DoctorCommand.self, HapticCommand.self,
            CheckCommand.self, DiffCommand.self, AnalyzeCommand.self,
            CalibrateCommand.self, MeasureCommand.self,
            ServeCommand.self, ServiceCommand.self, TwinCommand.self, ViewCommand.self,
        ]
    )
}
