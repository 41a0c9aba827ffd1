import ForceCalibrationKit
import ForceCore
import ForceSession
import ForceSystem

/// `calibrate`'s wiring: a `CalibrationSession`, attached to a session of the source (a live
/// device, or a recording at a speed) on `runtime`, hears its frames, is on its clock and keeps its
/// input. When the calibration finishes or stops, the loop is interrupted, so that the caller
/// stops the source outside the sinks.
final class CalibrationRun {
    /// The calibration's logic and state.
    let calibration: CalibrationSession
    /// The session carrying the input.
    let session: Session
    /// Hears what each frame, timeout and the end of input decided.
    var noticeHandler: (([CalibrationNotice]) -> Void)?
    /// Called after each batch of input (a live read, a paced frame) and timeout: the moment to redraw.
    var inputHandler: (() -> Void)? {
        get { session.batchHandler }
        set { session.batchHandler = newValue }
    }

    private unowned let runtime: SessionRuntime

    /// A run of `source` on `runtime`; start it with `start()`.
    init(source: any InputSource, runtime: SessionRuntime, requirements: CalibrationRequirements = .standard) {
        let calibration = CalibrationSession(device: source.device, requirements: requirements)
        self.calibration = calibration
        session = Session(source: source, pipeline: calibration.makePipeline())
        self.runtime = runtime
        session.attach(calibration)
        calibration.noticeHandler = { [unowned self] notices in
            noticeHandler?(notices)
            if isOver { self.runtime.interrupt() }
        }
    }

    /// Whether the calibration finished or stopped.
    var isOver: Bool { calibration.currentStep == nil }

    /// Starts reading (a device that cannot be calibrated is not read at all).
    func start() throws {
        guard !isOver else { return }
        try runtime.start(session)
    }

    /// Ends the calibration early (the user quit): nothing is written.
    func cancel(reason: String) {
        calibration.cancel(reason: reason)
    }

    /// Stops the input, once the run is over or the user quit.
    func stopInput() {
        session.stop()
    }

    /// The user asked to do the current step again.
    func restartStep() {
        calibration.restartStep()
        session.deadlinesDidChange()
    }
}
