import ForceCore

/// How a session is reported: a console log, JSON lines, or the summary line alone.
package enum SessionReportFormat: Sendable {
    /// A console log for people: touches begin and end, interaction progress, a summary.
    case text
    /// One JSON object per line: device, touches, interactions, summary.
    case jsonl
    /// Only the summary line (JSON), for scripts and benchmarks.
    case summary

    /// The sink reporting a session this way to `output`; `deviceTag` marks jsonl lines with
    /// the device's node. The summary alone needs no sink: a session without sinks publishes
    /// nothing, which is the cheapest way through the pipeline; `reportSummary` writes it when
    /// the session ended.
    package func sink(output: TextOutput, verbose: Bool = false, deviceTag: String? = nil) -> (any SessionSink)? {
        switch self {
        case .text: return TextLogSink(output: output, verbose: verbose)
        case .jsonl: return JSONLinesSink(output: output, deviceTag: deviceTag)
        case .summary: return nil
        }
    }

    /// With `summary`, writes the summary line of `pipeline`'s ended session.
    package func reportSummary(of pipeline: InputPipeline, to output: TextOutput, deviceTag: String? = nil) {
        guard self == .summary else { return }
        output.line(JSONLinesSink.summaryLine(pipeline.summary, deviceTag: deviceTag).utf8)
        output.flush()
    }
}
