import ForceCore

/// Reports a session as a console log for people, shaped like UIKit's (`Preview should begin`,
/// `Preview: 0.37, ended: false`, `Commit: 1.0, ended: true`, `Canceled`, `Action performed:
/// …`): the device, touches beginning and ending (every update when `verbose`), the
/// interactions (each line prefixed `[interaction N]` where the pipeline has several), and a
/// summary.
public final class TextLogSink: SessionSink {
    /// Where the lines go.
    public let output: TextOutput
    /// Whether every touch update is shown, not only begin and end.
    public let verbose: Bool

    /// A log writing to `output`.
    public init(output: TextOutput, verbose: Bool = false) {
        self.output = output
        self.verbose = verbose
    }

    public func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        switch event {
        case .deviceAdded(let origin):
            let device = pipeline.device
            let model = pipeline.forceModel
            if case .recording(let format) = origin.kind { output.line("Replaying \(origin.name) (\(format))") }
            output.line("Device: \"\(device.name)\" (\(device.kind.rawValue)), \(DeviceReport.forceSummary(device: device, model: model))")
            if let hapticTouch = DeviceReport.hapticTouchSummary(pipeline.interaction) { output.line(hapticTouch) }
        case .frame(let time, let touches):
            for touch in touches where verbose || touch.phase == .began || touch.phase.isTerminal {
                var text = "\(Self.timestamp(pipeline.relativeSeconds(time))) touch \(touch.identifier) \(touch.phase.rawValue)"
                if touch.phase == .began { text += " (\(touch.tool.rawValue))" }
                if touch.phase == .cancelled && touch.tool == .palm { text += " (palm)" }
                text += " at (\(NumberFormat.trimmed(touch.x, decimals: 1)), \(NumberFormat.trimmed(touch.y, decimals: 1)))"
                if !touch.phase.isTerminal { text += ", force " + Self.forceText(touch) }
                output.line(text)
            }
        case .interaction(let interaction):
            // Which interaction, only where there are several.
            let which = pipeline.interactions.interactions.count > 1 ? "[interaction \(interaction.interaction)] " : ""
            output.line("\(Self.timestamp(pipeline.relativeSeconds(interaction.time))) \(which)\(Self.text(interaction.kind))")
        case .feedback, .frameEnded:
            break
        case .deviceRemoved:
            let summary = pipeline.summary
            output.line("Summary: \(summary.events) events, \(summary.frames) frames, "
                + "\(DeviceReport.plural(summary.touches, "touch", "touches")), peak normalized force \(NumberFormat.fixed(summary.peakNormalizedForce, decimals: 2)), "
                + summary.interactions.summaryText)
            output.flush()
        }
    }

    /// `0.47 (7% of range)` for pressure, `0.47 (7% of range, estimated)` for contact size,
    /// `1.00 (not measured: held time drives interactions)` for duration.
    public static func forceText(_ touch: Touch) -> String {
        let force = NumberFormat.fixed(touch.force, decimals: 2)
        let share = "\(NumberFormat.fixed(touch.normalizedForce * 100, decimals: 0))% of range"
        switch touch.forceSource {
        case .pressure: return "\(force) (\(share))"
        case .contactSize: return "\(force) (\(share), estimated)"
        case .duration: return "\(force) (not measured: held time drives interactions)"
        }
    }

    /// What UIKit's console log would say about `kind`.
    public static func text(_ kind: InteractionEvent.Kind) -> String {
        switch kind {
        case .began: return "Preview should begin"
        case .preview(let progress, let ended): return "Preview: \(progressText(progress)), ended: \(ended)"
        case .commit(let progress, let ended): return "Commit: \(progressText(progress)), ended: \(ended)"
        case .cancelled: return "Canceled"
        case .actionsRevealed(let actions): return "Actions revealed: \(actions.map(\.title).joined(separator: ", "))"
        case .actionHighlighted(let action, let index):
            guard let action, let index else { return "Action highlighted: none" }
            return "Action highlighted: \(index) (\(action.title))"
        case .actionsHidden: return "Actions hidden"
        case .actionPerformed(let action): return "Action performed: \(action.identifier) (\(action.title))"
        }
    }

    /// `   1.234 s `: seconds right-aligned in eight columns.
    public static func timestamp(_ seconds: Double) -> String {
        let text = NumberFormat.fixed(seconds, decimals: 3)
        return String(repeating: " ", count: max(0, 8 - text.count)) + text + " s "
    }

    /// `0.0`, `1.0`, or two decimals truncated (so 0.996 reads 0.99, never a 1.00 that has not
    /// ended).
    public static func progressText(_ progress: Double) -> String {
        progress == 0 || progress == 1
            ? NumberFormat.fixed(progress, decimals: 1)
            : NumberFormat.fixed((progress * 100).rounded(.down) / 100, decimals: 2)
    }
}
