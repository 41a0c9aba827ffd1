import ArgumentParser
import ForceCommandLine
import ForceSession
import ForceSystem
import ForceTerminalUI
import Glibc

/// `forcebridge measure`: quick looks at a device's raw values, without calibrating.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure a device's raw values (pressure) without calibrating it.",
        subcommands: [Pressure.self]
    )

    /// `forcebridge measure pressure [DEVICE]`.
    struct Pressure: LoggingCommand {
        @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

        static let configuration = CommandConfiguration(
            commandName: "pressure",
            abstract: "Show each touch's raw pressure: current, lowest, highest, and a histogram.",
            discussion: """
                Like 'libinput measure touchpad-pressure', for any touchscreen, touchpad or pen: \
                on a terminal a status line shows the pressure of the touches in contact; each \
                touch's range, mean and sample count is printed when it lifts, and a histogram \
                of every sample over the axis range when measuring stops (Ctrl-C) or the \
                recording given with --replay ends. Nothing is written; 'forcebridge calibrate' \
                turns measurements into a profile.
                """
        )

        @OptionGroup var input: DeviceOrRecording

        @Option(help: ArgumentHelp("Buckets of the histogram (2 to 50).", valueName: "N"))
        var buckets = 10

        func validate() throws {
            guard (2...50).contains(buckets) else { throw ValidationError("--buckets must be 2 to 50.") }
        }

        func run() throws {
            // Signals first, before any other thread exists, so that every thread inherits the mask.
            let runtime = try SessionRuntime()
            if input.replay == nil { try runtime.loop.handleSignals([SIGINT, SIGTERM]) { _ in runtime.stop() } }
            let source = try input.open()
            guard let axis = source.device.pressureAxis, axis.info.maximum > axis.info.minimum else {
                throw CommandFailure("\"\(source.device.name)\" reports no pressure (no ABS_PRESSURE or ABS_MT_PRESSURE): "
                    + "nothing to measure. 'forcebridge calibrate' calibrates contact size where a device reports it.")
            }
            let live = source.origin.kind == .liveDevice
            let session = try PressureMeasurement.run(source, axis: axis, on: runtime, output: Console.output(flushesEachLine: live),
                                                      buckets: buckets, showsLiveLine: live && Terminal.isOutputTerminal)
            if let failure = session.failure { throw CommandFailure(failure) }
        }
    }
}
