import ArgumentParser
import ForceCore
import ForceSession

/// How a session is reported.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    /// A console log for people: touches begin and end, interaction progress, a summary.
    case text
    /// One JSON object per line: device, touches, interactions, summary.
    case jsonl
    /// Only the summary line (JSON), for scripts and benchmarks.
    case summary

    /// The values for help and completion, given outright: the parser's default derives them
    /// through `String(describing:)`, whose protocol conformance lookups cost start-up time.
    // Without a key path or the parser's generic `reduce`, which cost protocol conformance
    // scans at every start-up (Benchmarks/README.md, Start-up).
    static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    static var allValueDescriptions: [String: String] { [:] }

    /// The name as typed (see `allValueStrings`).
    var defaultValueDescription: String { rawValue }

    /// The sink reporting a session this way to `output`; `deviceTag` marks jsonl lines with
    /// the device's node. The summary alone needs no sink: a session without sinks publishes
    /// nothing, which is the cheapest way through the pipeline; `reportSummary` writes it when
    /// the session ended.
    func sink(output: TextOutput, verbose: Bool = false, deviceTag: String? = nil) -> (any SessionSink)? {
        switch self {
        case .text: return TextLogSink(output: output, verbose: verbose)
        case .jsonl: return JSONLinesSink(output: output, deviceTag: deviceTag)
        case .summary: return nil
        }
    }

    /// With `summary`, writes the summary line of `pipeline`'s ended session.
    func reportSummary(of pipeline: InputPipeline, to output: TextOutput, deviceTag: String? = nil) {
        guard self == .summary else { return }
        output.line(JSONLinesSink.summaryLine(pipeline.summary, deviceTag: deviceTag).utf8)
        output.flush()
    }
}
