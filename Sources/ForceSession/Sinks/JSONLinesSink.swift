import ForceCore

/// Reports a session as JSON objects, one per line: `device` first, then `touch` (each changed
/// touch of each frame) and `interaction` objects, `device-lost` when the device went away, and
/// a `summary` last — the lines of `forcebridge replay --format jsonl`, which a service
/// subscriber or a `check` comparator reads too. In `summary` style only the summary is written.
///
/// `device` and `touch` lines say what drives force (`forceSource`: `pressure`, `contactSize` or
/// `duration`). Times are seconds since the session's first event. With `deviceTag`, every line carries
/// `"device": TAG` (the node, when several devices are reported together).
public final class JSONLinesSink: SessionSink {
    /// Which lines are written.
    public enum Style: Sendable {
        /// Every line.
        case lines
        /// The summary line alone.
        case summary
    }

    /// Where the lines go.
    public let output: TextOutput
    /// Which lines are written.
    public let style: Style
    /// Added to every line as `"device"`, when set.
    public let deviceTag: String?

    /// A sink writing to `output`.
    public init(output: TextOutput, style: Style = .lines, deviceTag: String? = nil) {
        self.output = output
        self.style = style
        self.deviceTag = deviceTag
    }

    public func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        switch event {
        case .deviceAdded:
            guard style == .lines else { return }
            var line = newLine("device")
            let device = pipeline.device
            line.string("name", device.name)
            line.string("kind", device.kind.rawValue)
            let axis = device.pressureAxis
            line.string("pressureAxis", axis?.name ?? "none")
            line.int("pressureMin", axis.map { Int($0.info.minimum) })
            line.int("pressureMax", axis.map { Int($0.info.maximum) })
            line.number("maximumPossibleForce", pipeline.forceModel.maximumPossibleForce, decimals: 4)
            line.string("forceSource", pipeline.forceModel.forceSource.rawValue)
            output.line(line.utf8)
        case .frame(let time, let touches):
            guard style == .lines else { return }
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
                line.string("forceSource", touch.forceSource.rawValue)
                output.line(line.utf8)
            }
        case .interaction(let interaction):
            guard style == .lines else { return }
            output.line(Self.interactionLine(interaction, in: pipeline, deviceTag: deviceTag).utf8)
        case .feedback, .frameEnded:
            break
        case .deviceRemoved(let reason, _):
            if reason == .deviceLost && style == .lines {
                var line = newLine("device-lost")
                line.number("time", pipeline.relativeSeconds(pipeline.lastEventTime))
                output.line(line.utf8)
            }
            output.line(Self.summaryLine(pipeline.summary, deviceTag: deviceTag).utf8)
            output.flush()
        }
    }

    /// The `interaction` object of `interaction`: its `event`, `progress` and `ended` (null where
    /// they do not apply), `interaction` (its index) when the pipeline has several, and the
    /// actions shown, highlighted or performed.
    public static func interactionLine(_ interaction: InteractionEvent, in pipeline: InputPipeline, deviceTag: String? = nil) -> JSONLine {
        var line = JSONLine()
        line.string("type", "interaction")
        if let deviceTag { line.string("device", deviceTag) }
        line.number("time", pipeline.relativeSeconds(interaction.time))
        line.string("event", eventName(interaction.kind))
        switch interaction.kind {
        case .preview(let progress, let ended), .commit(let progress, let ended):
            line.number("progress", progress, decimals: 4)
            line.bool("ended", ended)
        case .began, .cancelled, .actionsRevealed, .actionHighlighted, .actionsHidden, .actionPerformed:
            line.number("progress", nil)
            line.bool("ended", nil)
        }
        if pipeline.interactions.interactions.count > 1 { line.int("interaction", interaction.interaction) }
        switch interaction.kind {
        case .actionsRevealed(let actions):
            line.raw("actions", "[" + actions.map(actionObject).joined(separator: ",") + "]")
        case .actionHighlighted(let action, let index):
            line.int("index", index)
            line.string("action", action?.identifier)
        case .actionPerformed(let action):
            line.string("action", action.identifier)
            line.string("title", action.title)
        case .began, .preview, .commit, .cancelled, .actionsHidden:
            break
        }
        return line
    }

    /// The `event` member of an interaction line.
    public static func eventName(_ kind: InteractionEvent.Kind) -> String {
        switch kind {
        case .began: return "shouldBegin"
        case .preview: return "preview"
        case .commit: return "commit"
        case .cancelled: return "cancel"
        case .actionsRevealed: return "actionsRevealed"
        case .actionHighlighted: return "actionHighlighted"
        case .actionsHidden: return "actionsHidden"
        case .actionPerformed: return "actionPerformed"
        }
    }

    /// `{"identifier":…,"title":…,"style":…}`.
    private static func actionObject(_ action: PreviewAction) -> String {
        var object = JSONLine()
        object.string("identifier", action.identifier)
        object.string("title", action.title)
        object.string("style", action.style.rawValue)
        return object.line
    }

    /// The `summary` object of `summary` (`actionsPerformed` only when an action was performed).
    public static func summaryLine(_ summary: SessionSummary, deviceTag: String? = nil) -> JSONLine {
        var line = JSONLine()
        line.string("type", "summary")
        if let deviceTag { line.string("device", deviceTag) }
        line.int("events", summary.events)
        line.int("frames", summary.frames)
        line.int("touches", summary.touches)
        line.number("peakNormalizedForce", summary.peakNormalizedForce, decimals: 4)
        summary.interactions.addSummaryMembers(to: &line)
        return line
    }

    private func newLine(_ type: String) -> JSONLine {
        var line = JSONLine()
        line.string("type", type)
        if let deviceTag { line.string("device", deviceTag) }
        return line
    }
}
