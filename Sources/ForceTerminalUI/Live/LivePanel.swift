import ForceCore
import ForceSession
import ForceSystem

/// One device's part of a `LiveView`: its touches and interaction.
package final class LivePanel: SessionSink {
    private unowned let view: LiveView
    package let node: String
    private weak var pipeline: InputPipeline?
    private var touches: [Int: Touch] = [:]
    private var interactionState = "idle"

    init(view: LiveView, node: String) {
        self.view = view
        self.node = node
    }

    package func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        switch event {
        case .deviceAdded:
            self.pipeline = pipeline
            view.log("\(node): \"\(pipeline.device.name)\" (\(pipeline.device.kind.rawValue)), \(DeviceReport.forceSummary(device: pipeline.device, model: pipeline.forceModel))")
            if let hapticTouch = DeviceReport.hapticTouchSummary(pipeline.interaction) { view.log("\(node): \(hapticTouch)") }
        case .frame(_, let changed):
            for touch in changed {
                switch touch.phase {
                case .began:
                    touches[touch.identifier] = touch
                    view.log("\(node): touch \(touch.identifier) began (\(touch.tool.rawValue))")
                case .ended, .cancelled:
                    touches[touch.identifier] = nil
                    view.log("\(node): touch \(touch.identifier) \(touch.phase.rawValue)\(touch.tool == .palm ? " (palm)" : "")")
                case .moved, .stationary:
                    touches[touch.identifier] = touch
                }
            }
            view.changed()
        case .interaction(let interaction):
            switch interaction.kind {
            case .began:
                view.log("\(node): Preview should begin")
                interactionState = "preview 0.00"
            case .preview(let progress, let ended):
                interactionState = ended ? "commit 0.00" : "preview \(fixed(progress, 2))"
                if ended { view.log("\(node): Preview: 1.0, ended: true") }
            case .commit(let progress, let ended):
                interactionState = ended ? "completed" : "commit \(fixed(progress, 2))"
                if ended { view.log("\(node): Commit: 1.0, ended: true") }
            case .cancelled:
                interactionState = "cancelled"
                view.log("\(node): Canceled")
            case .actionsRevealed, .actionsHidden, .actionPerformed:
                interactionState = interaction.kind == .actionsHidden ? "actions hidden" : "actions"
                view.log("\(node): \(TextLogSink.text(interaction.kind))")
            case .actionHighlighted(let action, _):
                interactionState = "actions: \(action?.title ?? "none")"
            }
        case .feedback, .frameEnded:
            break
        case .deviceRemoved(let reason, _):
            if reason == .deviceLost {
                view.log("\(node): device went away; its touches and interaction were cancelled. Waiting for it to come back.")
            }
            view.remove(self)
        }
    }

    /// The panel's lines: one per active touch, then the interaction.
    package func statusLines() -> [String] {
        guard let pipeline else { return [] }
        var lines: [String] = []
        let maximum = pipeline.forceModel.maximumPossibleForce
        for touch in touches.values.sorted(by: { $0.identifier < $1.identifier }) {
            let share = maximum > 0 ? min(max(touch.force / maximum, 0), 1) : 1
            let width = 30
            let filled = Int((share * Double(width)).rounded())
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let force = maximum > 0
                ? "\(fixed(touch.force, 2)) / \(fixed(maximum, 2))\(touch.forceSource == .contactSize ? " (estimated)" : "")"
                : "no force: hold still (Haptic Touch)"
            lines.append("  \(node) touch \(touch.identifier) \(touch.tool.rawValue.padded(to: 6)) \(bar) \(force)  at \(Int(touch.x)),\(Int(touch.y))")
        }
        if pipeline.interaction.isAvailable {
            let state = pipeline.interaction.state == .idle || pipeline.interaction.state == .possible ? pipeline.interaction.state.rawValue : interactionState
            lines.append("  \(node) interaction: \(state)")
        }
        return lines
    }
}
