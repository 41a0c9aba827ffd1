import ForceCalibrationKit
import ForceCore
import ForceSession
import ForceSystem

/// `calibrate`'s wiring: a `CalibrationSession`, attached to a session of the source (a live
/// device, or a recording at a speed) on `runtime`, hears its frames, is on its clock and keeps its
/// input. When the calibration finishes or stops, the loop is interrupted, so that the caller
/// stops the source outside the sinks.
package final class CalibrationRun: CalibrationRunning {
    /// The calibration's logic and state.
    package let calibration: CalibrationSession
    /// The session carrying the input.
    package let session: Session
    /// Hears what each frame, timeout and the end of input decided.
    package var noticeHandler: (([CalibrationNotice]) -> Void)?
    /// Called after each batch of input (a live read, a paced frame) and timeout: the moment to redraw.
    package var inputHandler: (() -> Void)? {
        get { session.batchHandler }
        set { session.batchHandler = newValue }
    }

    private unowned let runtime: SessionRuntime

    /// A run of `source` on `runtime`; start it with `start()`.
    package init(source: any InputSource, runtime: SessionRuntime, requirements: CalibrationRequirements = .standard) {
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
    package var isOver: Bool { calibration.currentStep == nil }

    /// Starts reading (a device that cannot be calibrated is not read at all).
    package func start() throws {
        guard !isOver else { return }
        try runtime.start(session)
    }

    /// Ends the calibration early (the user quit): nothing is written.
    package func cancel(reason: String) {
        calibration.cancel(reason: reason)
    }

    /// Stops the input, once the run is over or the user quit.
    package func stopInput() {
        session.stop()
    }

    /// The user asked to do the current step again.
    package func restartStep() {
        calibration.restartStep()
        session.deadlinesDidChange()
    }
}
