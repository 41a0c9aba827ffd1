import ForceDevices
import ForceSession
import ForceSystem
import Glibc
import RatingOverlay

/// Runs the calibration full screen on the session's event loop: the input drives the steps,
/// keys (standard input, watched on the loop) repeat a step or quit, a timer redraws at most 30
/// times a second. When the calibration finished, the proposal is shown and `y` confirms
/// writing it, `n` (or `q`) declines. Ctrl-C, SIGTERM, SIGHUP and a terminal that hangs up end
/// it with nothing written.
package final class CalibrationWizard {
    /// The calibration shown, and the session feeding it.
    package let run: any CalibrationRunning
    /// Whether the proposal counts as confirmed without asking (`--yes`).
    package let confirmsByItself: Bool

    private let terminal = Terminal()
    private var presenter = TerminalPresenter()
    private var screen = ScreenBuffer(width: 0, height: 0)
    private var content = CalibrationScreen()
    /// Every line the wizard showed in its log, for the terminal's scrollback once it is over.
    package private(set) var transcript: [String] = []
    private var page = CalibrationScreen.Page.measuring
    private var output: [UInt8] = []
    private var needsDraw = true
    private var quit = false
    private var answer: Bool?
    /// When the screen may be drawn next: drawing takes at most a fifth of the time, so that
    /// reading the device keeps up even where drawing is slow.
    private var nextDraw: Int64 = 0

    /// The shortest time between redraws, in microseconds.
    private static let frameInterval: Int64 = 33_000

    package init(run: any CalibrationRunning, confirmsByItself: Bool) {
        self.run = run
        self.confirmsByItself = confirmsByItself
    }

    /// Runs until the calibration finished and was confirmed or declined, or stopped; returns
    /// whether to write it. The session's input is stopped on return.
    package func run(on runtime: SessionRuntime) throws -> Bool {
        let loop = runtime.loop
        try loop.handleSignals([SIGINT, SIGTERM, SIGHUP]) { [unowned self] _ in self.quit = true }
        terminal.begin()
        defer { terminal.restore() }
        if terminal.readsKeys { try loop.watch(terminal.standardInput) { [unowned self] in self.handleKeys() } }
        defer { if terminal.readsKeys { loop.unwatch(terminal.standardInput) } }
        let drawTimer = FrameTimer(loop: loop, interval: Self.frameInterval) { [unowned self] in self.draw() }
        defer { drawTimer.stop() }
        let calibration = run.calibration
        if let step = calibration.currentStep { show([CalibrationReport.stepLine(step, in: calibration)]) }
        run.noticeHandler = { [unowned self] notices in self.show(CalibrationReport.lines(for: notices, in: calibration)) }
        run.inputHandler = { [unowned self] in self.needsDraw = true }
        try run.start()
        while !quit && !run.isOver { try loop.runOnce(timeout: nil) }
        if !run.isOver { run.cancel(reason: "quit before the calibration was complete; nothing was written") }
        run.stopInput()
        guard calibration.result != nil else { return false }
        if confirmsByItself { return true }
        page = .confirming
        needsDraw = true
        draw()
        guard terminal.readsKeys else { return false }
        while !quit && answer == nil { try loop.runOnce(timeout: nil) }
        return answer ?? false
    }

    private func handleKeys() {
        let bytes: [UInt8]
        switch terminal.readInput() {
        case .hungUp:
            quit = true
            return
        case .bytes(let read):
            bytes = read
        }
        for byte in bytes {
            switch (page, byte) {
            case (.measuring, UInt8(ascii: "r")), (.measuring, UInt8(ascii: "R")):
                run.restartStep()
                show(["  repeating \(run.calibration.currentStep?.title.lowercased() ?? "the step") (r)"])
            case (_, UInt8(ascii: "q")), (_, UInt8(ascii: "Q")), (_, 0x1b), (_, 0x04):
                if page == .confirming { answer = false } else { quit = true }
            case (.confirming, UInt8(ascii: "y")), (.confirming, UInt8(ascii: "Y")):
                answer = true
            case (.confirming, UInt8(ascii: "n")), (.confirming, UInt8(ascii: "N")):
                answer = false
            default:
                break
            }
        }
    }

    private func show(_ lines: [String]) {
        content.add(lines)
        transcript += lines
        needsDraw = true
    }

    /// Redraws when something changed or the terminal was resized.
    private func draw() {
        if terminal.hasHungUp { quit = true }
        // What the device has by now comes first: drawing must not let the kernel's buffer overflow.
        if run.session.state == .running { run.session.source.deliverDueInput() }
        let size = terminal.size
        let resized = size.width != screen.width || size.height != screen.height
        let start = MonotonicClock.now()
        guard needsDraw || resized, start >= nextDraw else { return }
        if resized {
            screen = ScreenBuffer(width: size.width, height: size.height)
            presenter.invalidate()
        }
        content.render(run.calibration, page: page, into: &screen)
        output.removeAll(keepingCapacity: true)
        presenter.present(screen, into: &output)
        if !output.isEmpty { terminal.write(output) }
        needsDraw = false
        nextDraw = MonotonicClock.now() + 4 * (MonotonicClock.now() - start)
    }
}
