import ForceCore

/// Live force on a terminal: a log of touches and interaction events scrolls, and below it one
/// force bar per active touch and each device's interaction state are redrawn in place.
final class LiveView {
    private let output: OutputWriter
    private var panels: [ObjectIdentifier: LivePanel] = [:]
    private var order: [ObjectIdentifier] = []
    private var footerLines = 0
    private var lastDraw = ContinuousClock.now
    private var pending = false

    /// The shortest time between redraws.
    static let frameInterval = Duration.milliseconds(33)

    init(output: OutputWriter) {
        self.output = output
    }

    /// Starts showing `pipeline` (from `node`); it reports through the returned panel.
    func attach(_ pipeline: InputPipeline, node: String) -> LivePanel {
        let panel = LivePanel(view: self, pipeline: pipeline, node: node)
        let key = ObjectIdentifier(pipeline)
        panels[key] = panel
        order.append(key)
        log("\(node): \"\(pipeline.device.name)\" (\(pipeline.device.kind.rawValue)), \(DeviceReport.forceSummary(device: pipeline.device, model: pipeline.forceModel))")
        return panel
    }

    /// Stops showing `pipeline`.
    func detach(_ pipeline: InputPipeline) {
        let key = ObjectIdentifier(pipeline)
        panels[key] = nil
        order.removeAll { $0 == key }
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
        redrawIfDue()
    }

    /// How long until a pending redraw is due, nil when none is pending.
    var delayUntilRedraw: Duration? {
        guard pending else { return nil }
        let elapsed = lastDraw.duration(to: .now)
        return elapsed >= Self.frameInterval ? .zero : Self.frameInterval - elapsed
    }

    /// Redraws if a change is pending and the frame interval has passed.
    func redrawIfDue() {
        guard pending, lastDraw.duration(to: .now) >= Self.frameInterval else { return }
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
        for key in order { if let panel = panels[key] { lines.append(contentsOf: panel.statusLines()) } }
        for line in lines { output.line(line) }
        footerLines = lines.count
        lastDraw = .now
        pending = false
    }
}

/// One device's part of a `LiveView`: its touches and interaction.
final class LivePanel: InputPipelineObserver, PreviewInteractionDelegate {
    private unowned let view: LiveView
    private unowned let pipeline: InputPipeline
    let node: String
    private var touches: [Int: Touch] = [:]
    private var interactionState = "idle"

    init(view: LiveView, pipeline: InputPipeline, node: String) {
        self.view = view
        self.pipeline = pipeline
        self.node = node
        pipeline.observer = self
        pipeline.interaction.delegate = self
    }

    func pipeline(_ pipeline: InputPipeline, didCompleteFrameAt time: Int64, touches changed: [Touch]) {
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
    }

    func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool {
        view.log("\(node): Preview should begin")
        interactionState = "preview 0.00"
        return true
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdatePreviewTransition transitionProgress: Double, ended: Bool) {
        interactionState = ended ? "commit 0.00" : "preview \(fixed(transitionProgress, 2))"
        if ended { view.log("\(node): Preview: 1.0, ended: true") }
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdateCommitTransition transitionProgress: Double, ended: Bool) {
        interactionState = ended ? "completed" : "commit \(fixed(transitionProgress, 2))"
        if ended { view.log("\(node): Commit: 1.0, ended: true") }
    }

    func previewInteractionDidCancel(_ previewInteraction: PreviewInteraction) {
        interactionState = "cancelled"
        view.log("\(node): Canceled")
    }

    /// The panel's lines: one per active touch, then the interaction.
    func statusLines() -> [String] {
        var lines: [String] = []
        let maximum = pipeline.forceModel.maximumPossibleForce
        for touch in touches.values.sorted(by: { $0.identifier < $1.identifier }) {
            let share = maximum > 0 ? min(max(touch.force / maximum, 0), 1) : 1
            let width = 30
            let filled = Int((share * Double(width)).rounded())
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let force = maximum > 0 ? "\(fixed(touch.force, 2)) / \(fixed(maximum, 2))" : "no pressure"
            lines.append("  \(node) touch \(touch.identifier) \(touch.tool.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)) \(bar) \(force)  at \(Int(touch.x)),\(Int(touch.y))")
        }
        if pipeline.interaction.isAvailable {
            let state = pipeline.interaction.state == .idle || pipeline.interaction.state == .possible ? pipeline.interaction.state.rawValue : interactionState
            lines.append("  \(node) interaction: \(state)")
        }
        return lines
    }
}
