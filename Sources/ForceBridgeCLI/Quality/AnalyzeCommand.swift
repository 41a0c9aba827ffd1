import ArgumentParser
import ForceAnalysis
import ForceCommandLine

/// `forcebridge analyze FILE`: what a recording says about the hardware.
struct AnalyzeCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Analyse a recording for hardware debugging: report rate and jitter, gaps, contacts, pressure histograms.",
        discussion: """
            What a person debugging a touchscreen or pen asks first, like libinput's analyze and \
            measure tools but for force: the report rate and its jitter (per device and per slot, \
            while something touches), gaps longer than --gap-factor times the usual interval, each \
            contact with its duration and pressure histogram, the resting offset the force model \
            learned, SYN_DROPPED markers, the events the kernel would have filtered (repeated values, \
            changes within fuzz), and per-slot deltas. --plot draws the pressure histograms as an SVG.

            Exit status: 0 when the recording was analysed, 2 on bad input.
            """
    )

    @OptionGroup var recording: RecordingOptions

    @OptionGroup(title: "Report") var report: ReportOptions

    @Option(help: ArgumentHelp("An interval this many times the median is a gap.", valueName: "X"))
    var gapFactor = AnalysisOptions().gapFactor

    @Option(help: ArgumentHelp("Bins of each pressure histogram.", valueName: "N"))
    var bins = AnalysisOptions().histogramBins

    @OptionGroup var calibration: CalibrationOptions

    func validate() throws {
        if !(gapFactor.isFinite && gapFactor > 1) { throw ValidationError("--gap-factor \(gapFactor): give a number above 1") }
        if !(1...1000).contains(bins) { throw ValidationError("--bins \(bins): give 1 to 1000") }
    }

    func run() throws {
        let destination = try report.plotDestination(example: "histogram.svg")
        let options = AnalysisOptions(gapFactor: gapFactor, histogramBins: bins)
        let (session, analyzer) = try RecordedSession.session(replaying: recording.file, device: recording.deviceIndex.device, calibration: calibration) { session in
            let analyzer = RecordingAnalyzer(device: session.pipeline.device, options: options)
            session.attach(analyzer)
            return analyzer
        }
        let analysis = analyzer.analysis(of: session.pipeline)
        report.write(text: analysis.text, jsonLines: analysis.jsonLines)
        try destination?.write(bytes: Array(PressureHistogramPlot(analysis: analysis).svg().utf8), what: "the histogram")
    }
}
