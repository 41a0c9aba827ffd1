import Foundation
import ForceCore
import RatingOverlay

/// Runs the rating overlay full screen: events from the source drive it, keys scroll it, and the
/// screen is redrawn (only what changed) at most 60 times a second while anything changes.
/// After the input ends, the final screen stays up until `q` (or for `linger` seconds).
final class TerminalUI {
    let overlay: RatingOverlay
    let source: any InputEventSource
    let renderer: OverlayRenderer
    /// Seconds to keep the screen after the input ends; nil waits for `q` (or 3 s when keys
    /// cannot be read).
    let linger: Double?

    private let terminal = TerminalSession()
    private var presenter = TerminalPresenter()
    private var screen = ScreenBuffer(width: 0, height: 0)
    private var keys = KeyDecoder()
    private var drawnRevision = -1
    private var drawnNotice: String?
    private var lastDraw = ContinuousClock.now - .seconds(1)
    private var output: [UInt8] = []
    private var quit = false

    private static let frameInterval = Duration.milliseconds(16)

    init(overlay: RatingOverlay, source: any InputEventSource, renderer: OverlayRenderer, linger: Double?) {
        self.overlay = overlay
        self.source = source
        self.renderer = renderer
        self.linger = linger
        output.reserveCapacity(1 << 16)
    }

    /// Runs until the input ends and the final screen was seen; returns false when the user quit
    /// before the input ended.
    func run() throws -> Bool {
        terminal.begin()
        defer { terminal.restore() }
        var finished = false
        while !quit {
            switch try source.nextEvent(waitingAtMost: Self.frameInterval) {
            case .event(let event):
                overlay.process(event)
                guard event.isFrameEnd else { continue }
            case .waiting:
                overlay.advance(to: source.currentTime())
            case .finished:
                finished = true
            }
            if finished { break }
            handleKeys()
            draw(notice: nil)
        }
        overlay.finishInput()
        guard finished, !quit else { return false }

        let notice = terminal.readsKeys ? "end of input; q quits, arrows scroll" : "end of input"
        let deadline = linger.map { ContinuousClock.now + .milliseconds(Int64($0 * 1000)) }
            ?? (terminal.readsKeys ? nil : ContinuousClock.now + .seconds(3))
        while !quit {
            if let deadline, ContinuousClock.now >= deadline { break }
            overlay.advance(to: source.currentTime())
            handleKeys()
            draw(notice: notice, force: drawnNotice != notice)
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    private func handleKeys() {
        if terminal.isTerminationRequested { quit = true }
        let bytes = terminal.readAvailableInput()
        let decoded = bytes.isEmpty ? keys.flush() : keys.decode(bytes)
        for key in decoded {
            if key == .quit {
                quit = true
            } else if let rows = key.scrollRows(in: overlay.layout) {
                overlay.scroll(by: rows)
            }
        }
    }

    /// Redraws when the overlay or the terminal size changed, at most once per frame interval.
    private func draw(notice: String?, force: Bool = false) {
        let size = terminal.size
        let resized = size.width != screen.width || size.height != screen.height
        guard force || resized || overlay.revision != drawnRevision else { return }
        let now = ContinuousClock.now
        guard force || resized || now - lastDraw >= Self.frameInterval else { return }
        if resized {
            screen = ScreenBuffer(width: size.width, height: size.height)
            presenter.invalidate()
        }
        renderer.render(overlay, into: &screen, notice: notice)
        output.removeAll(keepingCapacity: true)
        presenter.present(screen, into: &output)
        if !output.isEmpty { terminal.write(output) }
        drawnRevision = overlay.revision
        drawnNotice = notice
        lastDraw = now
    }
}
