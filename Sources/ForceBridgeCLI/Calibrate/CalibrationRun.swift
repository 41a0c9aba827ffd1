import ForceCalibrationKit
import ForceCore
import ForceDevices
import ForceSession
import ForceSystem

/// One calibration on the session runtime: a source (a live device, or a recording at a speed)
/// feeds a `CalibrationSession` frame by frame; the step timeout is a timer on the loop (on the
/// source's clock, so a paced replay times out as the live session did; at maximum speed the
/// session judges a step at the next frame or at the end, in virtual time).
///
/// The run is over when the calibration finishes or stops: `isOver` turns true and the loop is
/// interrupted, so that the caller stops the source outside the input handler. The end of a
/// recording judges what it has (`finish`); a device that goes away stops the calibration with
/// nothing to write.
final class CalibrationRun: SessionInputHandler {
    /// The calibration's logic and state.
    let calibration: CalibrationSession
    /// The session carrying the input.
    let session: Session
    /// Hears what each frame, timeout and the end of input decided.
    var noticeHandler: (([CalibrationNotice]) -> Void)?
    /// Called after each batch of input (a live read, a paced frame): the moment to redraw.
    var inputHandler: (() -> Void)?

    private unowned let runtime: SessionRuntime
    private var timer: LoopTimer?

    /// A run of `source` on `runtime`; start it with `start()`.
    init(source: any InputSource, runtime: SessionRuntime, requirements: CalibrationRequirements = .standard) {
        calibration = CalibrationSession(device: source.device, requirements: requirements)
        session = Session(source: source)
        self.runtime = runtime
        session.inputHandler = self
        session.batchHandler = { [unowned self] in self.inputBatchDidEnd() }
        session.endHandler = { [unowned self] ended in self.inputDidEnd(ended) }
    }

    /// Whether the calibration finished or stopped.
    var isOver: Bool { calibration.currentStep == nil }

    /// Starts reading (a device that cannot be calibrated is not read at all).
    func start() throws {
        guard !isOver else { return }
        if !session.source.runsInVirtualTime {
            timer = runtime.loop.makeTimer { [unowned self] in self.deadlineDidPass() }
        }
        try runtime.start(session)
    }

    /// Ends the calibration early (the user quit): nothing is written.
    func cancel(reason: String) {
        report(calibration.cancel(reason: reason))
    }

    /// Stops the input, once the run is over or the user quit.
    func stopInput() {
        timer?.cancel()
        timer = nil
        session.stop()
    }

    /// The user asked to do the current step again.
    func restartStep() {
        calibration.restartStep()
        scheduleDeadline()
    }

    // MARK: - Input

    func process(_ event: InputEvent, into pipeline: InputPipeline) {
        guard !isOver else { return }
        let notices = calibration.process(event)
        if !notices.isEmpty { report(notices) }
    }

    func beginResynchronization(of pipeline: InputPipeline) {
        calibration.beginResynchronization()
    }

    private func inputBatchDidEnd() {
        scheduleDeadline()
        inputHandler?()
    }

    private func inputDidEnd(_ ended: Session) {
        timer?.cancel()
        guard !isOver else { return }
        switch ended.state {
        case .ended(.deviceLost):
            report(calibration.cancel(reason: "the device went away during the calibration; nothing was written"))
        case .ended(.stopped):
            report(calibration.cancel(reason: "the calibration was stopped; nothing was written"))
        default:
            // The end of a recording (or a malformed line: `session.failure` says where).
            report(calibration.finish())
        }
    }

    // MARK: - Step timeout

    private func scheduleDeadline() {
        guard let timer else { return }
        if let deadline = calibration.nextDeadline, let due = session.source.dueTime(of: deadline) {
            timer.schedule(at: due)
        } else {
            timer.cancel()
        }
    }

    private func deadlineDidPass() {
        guard !isOver, session.state == .running else { return }
        session.source.deliverDueInput()
        if let deadline = calibration.nextDeadline, let now = session.source.currentTime(), now >= deadline {
            report(calibration.advance(to: now))
        }
        scheduleDeadline()
        inputHandler?()
    }

    private func report(_ notices: [CalibrationNotice]) {
        guard !notices.isEmpty else { return }
        noticeHandler?(notices)
        if isOver { runtime.interrupt() }
    }
}
