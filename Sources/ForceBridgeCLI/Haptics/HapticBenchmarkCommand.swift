import ArgumentParser
import ForceCommandLine
import ForceDevices
import ForceTerminalUI

/// `forcebridge haptic benchmark`: latency from a feedback trigger to the play request reaching
/// the device, and uploads in steady state, measured on a uinput force-feedback device that
/// plays the hardware (needs /dev/uinput: run it in the kernel guest, see
/// Benchmarks/haptics-latency.sh).
struct HapticBenchmarkCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "benchmark",
        abstract: "Measure trigger-to-device latency and steady-state uploads on a virtual force-feedback device (needs /dev/uinput).",
        discussion: """
            Creates a uinput device with 16 effect slots (like ff-memless) that plays the hardware, \
            and times each trigger from just before the generator call to the kernel's timestamp \
            of the play request reaching the device. Prepared: the effect was uploaded before. \
            Unprepared: every trigger needs an upload (impacts of 32 intensities cycling through \
            16 slots). Steady state: a mix of every generator feedback, each trigger stopping the \
            previous feedback so that every one plays, counting uploads per 1000 triggers after a warm-up.
            """,
        shouldDisplay: false
    )

    @Option(help: "Timed triggers per latency measurement.")
    var triggers = 2000

    /// `haptic benchmark --format`'s values.
    enum Formats: OutputFormats {
        static let formats: [(format: OutputFormat, description: String)] = [
            (.text, "A table of latencies and uploads."),
            (.json, "One JSON object."),
        ]
        static let abstract = "Output format (--json: the same as --format json)."
        static let jsonFormat = OutputFormat.json
    }

    @OptionGroup var output: FormatOptionWithJSONFlag<Formats>

    func validate() throws {
        guard triggers >= 100 else { throw ValidationError("--triggers must be at least 100.") }
    }

    func run() throws {
        let result: HapticBenchmark.Result
        do {
            result = try HapticBenchmark(triggers: triggers).run()
        } catch HapticBenchmark.Failure.noVirtualDevice(let error) {
            throw CommandFailure("\(error) The benchmark needs uinput; run it in the kernel guest: Benchmarks/haptics-latency.sh")
        } catch HapticBenchmark.Failure.noEventNode {
            throw CommandFailure("the virtual device's event node did not appear")
        } catch HapticBenchmark.Failure.playback(let error) {
            throw CommandFailure(error)
        }
        let report = HapticBenchmarkReport(result)
        Console.print(output.format == .json ? report.json : report.text)
    }
}
