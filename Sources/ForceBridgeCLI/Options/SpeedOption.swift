import ArgumentParser
import ForceRecording

extension ReplaySpeed: ExpressibleByArgument {}

/// `--speed`: how fast a recording is replayed, for `replay` and `rate`.
struct SpeedOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "max (as fast as possible), realtime, or a factor such as 2 or 0.5 (default: max; rate on a terminal: realtime).",
        valueName: "SPEED"))
    var speed: ReplaySpeed?
}
