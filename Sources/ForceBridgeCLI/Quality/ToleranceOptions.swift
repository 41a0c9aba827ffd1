import ArgumentParser
import ForceAnalysis

/// How far a transcript may differ from its golden one and still match (`TranscriptTolerance`).
struct ToleranceOptions: ParsableArguments {
    @Option(name: .customLong("time-tolerance"), help: ArgumentHelp(
        "Seconds a line's time may differ by (0.001 is one millisecond).", valueName: "S"))
    var time = TranscriptTolerance.standard.time

    @Option(name: .customLong("force-tolerance"), help: ArgumentHelp(
        "Force units a force, normalized force or progress may differ by.", valueName: "F"))
    var force = TranscriptTolerance.standard.force

    @Option(name: .customLong("position-tolerance"), help: ArgumentHelp(
        "Device units a position (x, y) may differ by.", valueName: "P"))
    var position = TranscriptTolerance.standard.position

    func validate() throws {
        try Self.requireNonNegative([("--time-tolerance", time), ("--force-tolerance", force), ("--position-tolerance", position)])
    }

    /// Throws a `ValidationError` naming the first option whose value is negative or not a number.
    static func requireNonNegative(_ options: [(name: String, value: Double)]) throws {
        for (name, value) in options where !(value.isFinite && value >= 0) {
            throw ValidationError("\(name) \(value): give 0 or more")
        }
    }

    /// The tolerance these options choose.
    var tolerance: TranscriptTolerance {
        TranscriptTolerance(time: time, force: force, position: position)
    }
}
