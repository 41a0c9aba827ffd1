import ForceDevices
import ForceSession
import ForceSystem

/// Live force on a terminal: a log of touches and interaction events scrolls, and below it one
/// force bar per active touch and each device's interaction state are redrawn in place, at most
/// every `frameInterval` (a timer on the loop).
package final class LiveView {
    private let output: TextOutput
    private var panels: [LivePanel] = []
    private var footerLines = 0
    private var lastDraw: Int64 = 0
    private var pending = false
    private var redrawTimer: LoopTimer?

    /// The shortest time between redraws, in microseconds.
    package static let frameInterval: Int64 = 33_000

    package init(output: TextOutput, loop: EventLoop) {
        self.output = output
        redrawTimer = loop.makeTimer { [unowned self] in self.redraw() }
    }

    /// A sink showing the session read from `node`; attach it to the session's pipeline.
    package func panel(node: String) -> LivePanel {
        let panel = LivePanel(view: self, node: node)
        panels.append(panel)
        return panel
    }

    /// Stops showing `panel`.
    package func remove(_ panel: LivePanel) {
        panels.removeAll { $0 === panel }
        changed()
    }

    /// Prints a line in the scrolling log.
    package func log(_ line: String) {
        clearFooter()
        output.line(line)
        drawFooter()
        output.flush()
    }

    /// Something changed; redraw soon.
    package func changed() {
        pending = true
        let due = lastDraw + Self.frameInterval
        if MonotonicClock.now() >= due { redraw() } else { redrawTimer?.schedule(at: due) }
    }

    /// Redraws what is pending now.
    package func redraw() {
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
