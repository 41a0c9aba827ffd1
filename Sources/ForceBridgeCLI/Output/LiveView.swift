import ForceCore
import ForceDevices
import ForceSession

/// Live force on a terminal: a log of touches and interaction events scrolls, and below it one
/// force bar per active touch and each device's interaction state are redrawn in place, at most
/// every `frameInterval` (a timer on the loop).
final class LiveView {
    private let output: TextOutput
    private var panels: [LivePanel] = []
    private var footerLines = 0
    private var lastDraw: Int64 = 0
    private var pending = false
    private var redrawTimer: LoopTimer?

    /// The shortest time between redraws, in microseconds.
    static let frameInterval: Int64 = 33_000

    init(output: TextOutput, loop: EventLoop) {
        self.output = output
        redrawTimer = loop.makeTimer { [unowned self] in self.redraw() }
    }

    /// A sink showing the session read from `node`; attach it to the session's pipeline.
    func panel(node: String) -> LivePanel {
        let panel = LivePanel(view: self, node: node)
        panels.append(panel)
        return panel
    }

    /// Stops showing `panel`.
    func remove(_ panel: LivePanel) {
        panels.removeAll { $0 === panel }
        changed()
    }

    /// Prints a line in the scrolling log.
    func log(_ line: String) {
        clearFooter()
        output.line(line)
        drawFooter()
        output.flush()
    }

    /// Something changed; redraw soon.
    func changed() {
        pending = true
        let due = lastDraw + Self.frameInterval
        if MonotonicClock.now() >= due { redraw() } else { redrawTimer?.schedule(at: due) }
    }

    /// Redraws what is pending now.
    func redraw() {
        guard pending else { return }
        clearFooter()
        drawFooter()
        output.flush()
    }

    private func clearFooter() {
        guard footerLines > 0 else { return }
        // Up to the first footer line, then clear to the end of the screen.
        output.raw("\u{1b}[\(footerLines)F\u{1b}[J")
        footerLines = 0
    }

    private func drawFooter() {
        var lines: [String] = []
        for panel in panels { lines.append(contentsOf: panel.statusLines()) }
        for line in lines { output.line(line) }
        footerLines = lines.count
        lastDraw = MonotonicClock.now()
        pending = false
        redrawTimer?.cancel()
    }
}

/// One device's part of a `LiveView`: its touches and interaction.
final class LivePanel: SessionSink {
    private unowned let view: LiveView
    let node: String
    private weak var pipeline: InputPipeline?
    private var touches: [Int: Touch] = [:]
    private var interactionState = "idle"

    init(view: LiveView, node: String) {
        self.view = view
        self.node = node
    }

    func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
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
    func statusLines() -> [String] {
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
