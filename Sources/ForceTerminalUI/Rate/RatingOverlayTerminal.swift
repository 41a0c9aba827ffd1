import ForceDevices
import ForceSession
import ForceSystem
import Glibc
import RatingOverlay

/// Runs the rating overlay full screen on the session's event loop: the session's input drives
/// it, keys (standard input, watched on the loop) scroll it, and a timer redraws what changed at
/// most 60 times a second. After the input ends, the final screen stays up until `q` (or for
/// `linger` seconds). Ctrl-C, SIGTERM, SIGHUP and a terminal that hangs up end it.
package final class RatingOverlayTerminal {
    package let overlay: RatingOverlay
    package let session: Session
    package let renderer: OverlayRenderer
    /// Seconds to keep the screen after the input ends; nil waits for `q` (or 3 s when keys
    /// cannot be read).
    package let linger: Double?

    private let terminal = Terminal()
    private var presenter = TerminalPresenter()
    private var screen = ScreenBuffer(width: 0, height: 0)
    private var keys = KeyDecoder()
    private var drawnRevision = -1
    private var drawnNotice: String?
    private var lastDraw: Int64 = 0
    private var output: [UInt8] = []
    private var quit = false
    private var inputEnded = false
    private var lingerDeadline: Int64?

    /// The shortest time between redraws, in microseconds.
    private static let frameInterval: Int64 = 16_000

    package init(overlay: RatingOverlay, session: Session, renderer: OverlayRenderer, linger: Double?) {
        self.overlay = overlay
        self.session = session
        self.renderer = renderer
        self.linger = linger
        output.reserveCapacity(1 << 16)
    }

    /// Runs until the input ends and the final screen was seen; returns false when the user quit
    /// before the input ended.
    package func run(on runtime: SessionRuntime) throws -> Bool {
        let loop = runtime.loop
        runtime.returnsWhenIdle = false
        try loop.handleSignals([SIGINT, SIGTERM, SIGHUP]) { [unowned self] _ in self.quit = true }
        terminal.begin()
        defer { terminal.restore() }
        if terminal.readsKeys {
            try loop.watch(terminal.standardInput) { [unowned self] in self.handleKeys() }
        }
        defer { if terminal.readsKeys { loop.unwatch(terminal.standardInput) } }
        let drawTimer = FrameTimer(loop: loop, interval: Self.frameInterval) { [unowned self] in self.tick() }
        defer { drawTimer.stop() }
        session.endHandler = { [unowned self] _ in self.inputDidEnd() }
        try runtime.start(session)
        while !quit {
            if inputEnded, let lingerDeadline, MonotonicClock.now() >= lingerDeadline { break }
            try loop.runOnce(timeout: nil)
        }
        let completed = inputEnded
        session.stop()
        return completed
    }

    private func inputDidEnd() {
        inputEnded = true
        let seconds = linger ?? (terminal.readsKeys ? nil : 3)
        lingerDeadline = seconds.map { MonotonicClock.now() + Int64($0 * 1_000_000) }
    }

    /// Every frame interval: keys, the overlay's clock once the input ended (until then the
    /// session moves it), and the screen.
    private func tick() {
        if inputEnded, let now = session.source.currentTime() {
            overlay.advance(to: now)
        }
        handleKeys()
        if inputEnded {
            let notice = terminal.readsKeys ? "end of input; q quits, arrows scroll" : "end of input"
            draw(notice: notice, force: drawnNotice != notice)
        } else {
            draw(notice: nil)
        }
    }

    private func handleKeys() {
        if terminal.hasHungUp { quit = true }
        let decoded: [OverlayKey]
        switch terminal.readInput() {
        case .hungUp:
            quit = true
            decoded = keys.flush()
        case .bytes(let bytes):
            decoded = bytes.isEmpty ? keys.flush() : keys.decode(bytes)
        }
        for key in decoded {
            if key == .quit {
                quit = true
            } else if let rows = key.scrollRows(in: overlay.layout) {
                // Scrolling starts loads: the session's timer follows their deadlines.
                if overlay.scroll(by: rows) { session.deadlinesDidChange() }
            }
        }
    }

    /// Redraws when the overlay or the terminal size changed, at most once per frame interval.
    private func draw(notice: String?, force: Bool = false) {
        let size = terminal.size
        let resized = size.width != screen.width || size.height != screen.height
        guard force || resized || overlay.revision != drawnRevision else { return }
        let now = MonotonicClock.now()
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
