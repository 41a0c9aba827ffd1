import ArgumentParser
import ForceAnalysis
import ForceCommandLine

/// `forcebridge diff A B`: two recorded sessions side by side.
struct DiffCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two recorded sessions: contacts matched, force curves aligned and compared, interaction outcomes.",
        discussion: """
            For the same gesture on two devices, two firmware versions, or a recording and its \
            re-recording. Recordings (any format) are replayed through the pipeline, and transcripts \
            (the jsonl of 'replay --format jsonl', the golden files of 'check') read back; contacts are \
            matched by when they touched, each pair's force curves are aligned (the time shift found by \
            cross-correlation, searched up to --max-shift beyond the shift of the first touch-downs) and \
            their largest difference reported, and the interactions' outcomes (peek, pop, cancel) are \
            compared in order. --plot draws both sessions' force curves on one time axis.

            Exit status, as diff(1): 0 when the sessions are the same within the tolerances (every \
            contact matched, curves within --force-tolerance, touch-downs within --time-tolerance, \
            the same outcomes), 1 when they differ, 2 on bad input.
            """
    )

    @Argument(help: ArgumentHelp("The first session: a recording, or a transcript ('replay --format jsonl', a golden file).", valueName: "A"))
    var first: String

    @Argument(help: ArgumentHelp("The second session: a recording or a transcript.", valueName: "B"))
    var second: String

    @OptionGroup var deviceIndex: DeviceIndexOptions

    @OptionGroup(title: "Report") var report: ReportOptions

    @Option(name: .customLong("max-shift"), help: ArgumentHelp("The largest time shift searched between matched curves, in seconds.", valueName: "S"))
    var maximumShift = DiffOptions().maximumShift

    @Option(help: ArgumentHelp("Curves whose largest difference stays within this many force units are the same.", valueName: "F"))
    var forceTolerance = DiffOptions().forceTolerance

    @Option(help: ArgumentHelp("Moments within this many seconds are the same.", valueName: "S"))
    var timeTolerance = DiffOptions().timeTolerance

    @OptionGroup var calibration: CalibrationOptions

    func validate() throws {
        try ToleranceOptions.requireNonNegative([("--max-shift", maximumShift), ("--force-tolerance", forceTolerance), ("--time-tolerance", timeTolerance)])
    }

    func run() throws {
        let destination = try report.plotDestination(example: "diff.svg")
        let a = try RecordedSession.load(first, device: deviceIndex.device, calibration: calibration)
        let b = try RecordedSession.load(second, device: deviceIndex.device, calibration: calibration)
        let diff = SessionDiff(a, b, options: DiffOptions(maximumShift: maximumShift, forceTolerance: forceTolerance, timeTolerance: timeTolerance))
        report.write(text: diff.text, jsonLines: diff.jsonLines)
        try destination?.write(bytes: Array(SessionDiffPlot(diff: diff).svg().utf8), what: "the plot")
        if !diff.isEquivalent { throw ExitCode(QualityExitStatus.differs) }
    }
}
