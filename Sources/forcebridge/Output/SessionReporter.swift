import ForceCore

/// Reports a session as it happens: touches from the pipeline, interaction events from the
/// preview interaction (it is the interaction's delegate), and a summary at the end.
final class SessionReporter: InputPipelineObserver, PreviewInteractionDelegate {
    let format: OutputFormat
    let output: OutputWriter
    /// Whether text output shows every touch update, not only begin and end.
    let verbose: Bool
    /// The device node, added to every jsonl line when several devices are reported together.
    var deviceNode: String?
    private unowned let pipeline: InputPipeline
    private var frameTime: Int64 = 0

    init(pipeline: InputPipeline, format: OutputFormat, output: OutputWriter, verbose: Bool = false) {
        self.pipeline = pipeline
        self.format = format
        self.output = output
        self.verbose = verbose
        // The summary line needs only the pipeline's totals. Without callbacks, a replay pays no
        // weak-reference load per frame and per interaction event for output it would not print.
        guard format != .summary else { return }
        pipeline.observer = self
        pipeline.interaction.delegate = self
    }

    /// Reports the device (first line of a session).
    func reportDevice(source: String? = nil) {
        let device = pipeline.device
        let model = pipeline.forceModel
        switch format {
        case .summary:
            return
        case .jsonl:
            var line = newLine("device")
            line.string("name", device.name)
            line.string("kind", device.kind.rawValue)
            let axis = device.pressureAxis
            line.string("pressureAxis", axis?.name ?? "none")
            line.int("pressureMin", axis.map { Int($0.info.minimum) })
            line.int("pressureMax", axis.map { Int($0.info.maximum) })
            line.number("maximumPossibleForce", model.maximumPossibleForce, decimals: 4)
            output.line(line.line)
        case .text:
            if let source { output.line("Replaying \(source)") }
            output.line("Device: \"\(device.name)\" (\(device.kind.rawValue)), \(DeviceReport.forceSummary(device: device, model: model))")
            if !model.isAvailable {
                output.line("Force interactions are unavailable: the device reports no pressure.")
            }
        }
    }

    func pipeline(_ pipeline: InputPipeline, didCompleteFrameAt time: Int64, touches: [Touch]) {
        frameTime = time
        switch format {
        case .summary:
            return
        case .jsonl:
            let seconds = pipeline.relativeSeconds(time)
            for touch in touches {
                var line = newLine("touch")
                line.number("time", seconds)
                line.int("id", touch.identifier)
                line.string("phase", touch.phase.rawValue)
                line.string("tool", touch.tool.rawValue)
                line.number("x", touch.x, decimals: 3)
                line.number("y", touch.y, decimals: 3)
                line.number("force", touch.force, decimals: 4)
                line.number("normalizedForce", touch.normalizedForce, decimals: 4)
                output.line(line.line)
            }
        case .text:
            for touch in touches where verbose || touch.phase == .began || touch.phase.isTerminal {
                var text = "\(timestamp()) touch \(touch.identifier) \(touch.phase.rawValue)"
                if touch.phase == .began { text += " (\(touch.tool.rawValue))" }
                if touch.phase == .cancelled && touch.tool == .palm { text += " (palm)" }
                text += " at (\(JSONLine.format(touch.x, decimals: 1)), \(JSONLine.format(touch.y, decimals: 1)))"
                if !touch.phase.isTerminal {
                    text += ", force \(fixed(touch.force, 2)) (\(fixed(touch.normalizedForce * 100, 0))% of range)"
                }
                output.line(text)
            }
        }
    }

    // MARK: - PreviewInteractionDelegate

    func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool {
        interactionLine(event: "shouldBegin", progress: nil, ended: nil, text: "Preview should begin")
        return true
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdatePreviewTransition transitionProgress: Double, ended: Bool) {
        interactionLine(event: "preview", progress: transitionProgress, ended: ended,
                        text: "Preview: \(progressText(transitionProgress)), ended: \(ended)")
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdateCommitTransition transitionProgress: Double, ended: Bool) {
        interactionLine(event: "commit", progress: transitionProgress, ended: ended,
                        text: "Commit: \(progressText(transitionProgress)), ended: \(ended)")
    }

    func previewInteractionDidCancel(_ previewInteraction: PreviewInteraction) {
        interactionLine(event: "cancel", progress: nil, ended: nil, text: "Canceled")
    }

    /// Reports one interaction event; `text` is only built for text output (with `--format
    /// summary` a replay calls this thousands of times and prints nothing).
    private func interactionLine(event: String, progress: Double?, ended: Bool?, text: @autoclosure () -> String) {
        switch format {
        case .summary:
            return
        case .jsonl:
            var line = newLine("interaction")
            line.number("time", pipeline.relativeSeconds(frameTime))
            line.string("event", event)
            line.number("progress", progress, decimals: 4)
            line.bool("ended", ended)
            output.line(line.line)
        case .text:
            output.line("\(timestamp()) \(text())")
        }
    }

    // MARK: - Summary

    /// Reports the summary (last line).
    func reportSummary() {
        let summary = pipeline.summary
        switch format {
        case .jsonl, .summary:
            var line = newLine("summary")
            line.int("events", summary.events)
            line.int("frames", summary.frames)
            line.int("touches", summary.touches)
            line.number("peakNormalizedForce", summary.peakNormalizedForce, decimals: 4)
            line.int("previewsEnded", summary.previewsEnded)
            line.int("commits", summary.commits)
            line.int("cancels", summary.cancels)
            output.line(line.line)
        case .text:
            output.line("Summary: \(summary.events) events, \(summary.frames) frames, "
                + "\(plural(summary.touches, "touch", "touches")), peak normalized force \(fixed(summary.peakNormalizedForce, 2)), "
                + "\(plural(summary.previewsEnded, "preview ended", "previews ended")), "
                + "\(plural(summary.commits, "commit", "commits")), \(plural(summary.cancels, "cancel", "cancels"))")
        }
        output.flush()
    }

    /// A jsonl line of `type`, tagged with the device node when there is one.
    func newLine(_ type: String) -> JSONLine {
        var line = JSONLine()
        line.string("type", type)
        if let deviceNode { line.string("device", deviceNode) }
        return line
    }

    private func timestamp() -> String {
        let seconds = pipeline.relativeSeconds(frameTime)
        let text = fixed(seconds, 3)
        return String(repeating: " ", count: max(0, 8 - text.count)) + text + " s "
    }

    /// `0.0`, `1.0`, or two decimals truncated (so 0.996 reads 0.99, never a 1.00 that has not ended).
    private func progressText(_ progress: Double) -> String {
        progress == 0 || progress == 1 ? String(format: "%.1f", progress) : fixed((progress * 100).rounded(.down) / 100, 2)
    }
}

func fixed(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
}

func plural(_ count: Int, _ singular: String, _ pluralForm: String) -> String {
    "\(count) \(count == 1 ? singular : pluralForm)"
}
