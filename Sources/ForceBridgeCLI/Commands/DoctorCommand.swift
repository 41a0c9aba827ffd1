import ArgumentParser
import ForceCommandLine
import ForceSettings
import ForceTerminalUI

/// `forcebridge doctor`: for every input device, whether ForceBridge's udev rules apply, whether
/// you can open it and why not, its pressure and haptics, and what to do next.
struct DoctorCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the udev rules, permissions, pressure and haptics of every input device, and say what to do.",
        discussion: """
            Exit status 0 when every touchscreen, tablet and haptic device the rules cover can be \
            used by you (or there are none), 1 when one cannot or a hwdb value is invalid. \
            Keyboards and mice are listed but never opened. A touchscreen without pressure is \
            not a problem: force then comes from contact size, or a touch held still drives the \
            preview and commit (Haptic Touch); the report says which (force source).
            """
    )

    /// `doctor --format`'s values.
    enum Formats: OutputFormats {
        static let formats: [(format: OutputFormat, description: String)] = [
            (.text, "The setup, each device and what to do, for people."),
            (.jsonl, "One JSON object for the setup, then one per device, one per line."),
        ]
        static let abstract = "Output format (--json: the same as --format jsonl)."
    }

    @OptionGroup var output: FormatOptionWithJSONFlag<Formats>

    @OptionGroup var profileOptions: ProfileOptions

    func run() throws {
        var profileProblem: String?
        var store = ProfileStore()
        do {
            store = try profileOptions.profileStore()
        } catch {
            profileProblem = "\(error)"
        }
        // The doctor reports invalid hwdb values itself, per device.
        store.udevPropertyWarningHandler = nil
        let report = DoctorReport.inspect(profileProblem: profileProblem) { store.calibration(for: $0) }
        Console.write(lines: output.format == .jsonl ? report.jsonLines : report.textLines)
        if report.needsAttention { throw ExitCode.failure }
    }
}
