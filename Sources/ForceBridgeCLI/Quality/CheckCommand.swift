import ArgumentParser
import ForceAnalysis
import ForceCommandLine
import ForceRecording
import ForceSession
import ForceSystem
import ForceTerminalUI

/// `forcebridge check FILE... --golden-dir DIR`: recordings replayed and their transcripts
/// compared with golden ones, or their summaries tested against expectations.
struct CheckCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check recorded sessions against golden transcripts and summary expectations (for CI).",
        discussion: """
            Replays each recording through the pipeline, as 'replay --format jsonl' does, and compares \
            its transcript with a golden one written earlier (--golden FILE for one recording, \
            --golden-dir DIR for many: DIR/NAME.jsonl for recording NAME.evemu; --update writes them), \
            line by line within the tolerances (a time may differ by 1 ms, a force or progress by \
            0.001, a position by 0.01 device units; options change them). --expect tests the summary \
            without a golden file: --expect commits=1 --expect cancels=0 --expect touches>=2 (fields: \
            \(SummaryField.names)).

            Recordings are files, directories (every recording in them) or quoted wildcard patterns \
            ('recordings/*.evemu'), checked in parallel on the machine's processors (--jobs), with a \
            progress line on a terminal. A mismatch is shown as the first differing line with its \
            context and what changed in the session (a phase, a progress, a missing commit); a table \
            of every recording ends the output. --junit FILE also writes JUnit XML for CI.

            Exit status: 0 when everything holds, 1 when a transcript differs or an expectation \
            fails, 2 on bad input (a missing or malformed recording or golden file, a wrong option), \
            whatever the other recordings gave.
            """
    )

    @Argument(help: ArgumentHelp("Recordings: files, directories or quoted wildcard patterns.", valueName: "FILE|DIR|PATTERN"))
    var inputs: [String] = []

    @Option(help: ArgumentHelp("The golden transcript of the one recording checked.", valueName: "FILE"))
    var golden: String?

    @Option(help: ArgumentHelp("Where the golden transcripts are: NAME.jsonl for recording NAME.EXT.", valueName: "DIR"))
    var goldenDir: String?

    @Flag(help: "Write the golden transcripts (new or changed ones) instead of comparing with them.")
    var update = false

    @Option(name: .customLong("expect"), help: ArgumentHelp(
        "An expectation over the summary, FIELD=VALUE (or !=, <, <=, >, >=), such as commits=1; repeatable.", valueName: "EXPECTATION"))
    var expectationTexts: [String] = []

    @OptionGroup(title: "Tolerances") var tolerances: ToleranceOptions

    @Option(help: ArgumentHelp("Also write the results as JUnit XML.", valueName: "FILE"))
    var junit: String?

    @Option(help: ArgumentHelp("How many recordings to check at once (default: the processors available).", valueName: "N"))
    var jobs: Int?

    @OptionGroup var deviceIndex: DeviceIndexOptions

    @OptionGroup var calibration: CalibrationOptions

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give the recordings to check (files, directories or patterns)") }
        if golden != nil && goldenDir != nil { throw ValidationError("give --golden FILE or --golden-dir DIR, not both") }
        if update && golden == nil && goldenDir == nil { throw ValidationError("--update needs --golden FILE or --golden-dir DIR: where to write") }
        if golden == nil && goldenDir == nil && expectationTexts.isEmpty {
            throw ValidationError("nothing to check against: give --golden FILE, --golden-dir DIR or --expect FIELD=VALUE")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more, found \(jobs)") }
        _ = try expectations()
    }

    /// The `--expect` options, parsed.
    private func expectations() throws -> [SummaryExpectation] {
        do {
            return try expectationTexts.map { text throws(ExpectationError) in try SummaryExpectation(parsing: text) }
        } catch {
            throw ValidationError("--expect: \(error)")
        }
    }

    func run() throws {
        let recordings = try CommandFailure.reporting(status: QualityExitStatus.badInput) { try RecordingPaths.expand(inputs) }
        let junitDestination = try junit.map { try PlotDestination(path: $0, option: "--junit", allowsStandardOutput: false, example: "check.xml", status: QualityExitStatus.badInput) }
        let items = try CommandFailure.reporting(status: QualityExitStatus.badInput) {
            if golden == nil, let goldenDir { try Self.prepareGoldenDirectory(goldenDir, update: update) }
            return try CheckItem.items(for: recordings, golden: golden, goldenDirectory: goldenDir)
        }
        let store = try calibration.profileStore()
        let settings = CheckSettings(expectations: try expectations(), tolerance: tolerances.tolerance, update: update)
        let environment = CheckEnvironment.replaying(device: deviceIndex.device) { [calibration] in try calibration.pipeline(for: $0, profiles: store) }
        let run = CheckRun(items: items, settings: settings, environment: environment, jobs: jobs)
        let timestamp = SystemHost.timestamp(SystemHost.secondsSinceEpoch)
        let console = Console.current
        let onTerminal = console.standardError as AnyObject === FileOutput.standardError && Terminal.isErrorTerminal
        let report = try CommandFailure.reporting { try run.run(showingProgressOn: onTerminal ? console.standardError : nil) }

        for reason in report.unreadableReasons { Console.error("forcebridge: \(reason)") }
        Console.write(lines: [report.text])
        if let junitDestination {
            let junit = report.junit(properties: settings.properties(thresholds: calibration.thresholds), timestamp: timestamp, hostname: SystemHost.name)
            try junitDestination.write(bytes: Array(junit.xml.utf8), what: "the JUnit report")
        }
        if report.status != QualityExitStatus.holds { throw ExitCode(report.status) }
    }

    /// `--golden-dir DIR` exists as a directory, or is made for `--update`.
    private static func prepareGoldenDirectory(_ directory: String, update: Bool) throws {
        do throws(GoldenDirectoryError) {
            try CheckEnvironment.prepareGoldenDirectory(directory, creating: update)
        } catch {
            // Without --update, the directory is only ever missing.
            throw CommandFailure("--golden-dir \(directory): \(error)" + (update ? "" : "; write the goldens into it with --update"))
        }
    }
}
