import ForceCalibrationKit
import ForceSession

/// A calibration fed by a session's input, as the wizard drives it (`calibrate`'s run): it
/// starts and stops the input, says what each frame and timeout decided, and takes the user's
/// requests to repeat a step or to give up.
package protocol CalibrationRunning: AnyObject {
    /// The calibration's logic and state.
    var calibration: CalibrationSession { get }
    /// The session carrying the input.
    var session: Session { get }
    /// Hears what each frame, timeout and the end of input decided.
    var noticeHandler: (([CalibrationNotice]) -> Void)? { get set }
    /// Called after each batch of input: the moment to redraw.
    var inputHandler: (() -> Void)? { get set }
    /// Whether the calibration finished or stopped.
    var isOver: Bool { get }
    /// Starts reading.
    func start() throws
    /// Ends the calibration early with `reason`: nothing is written.
    func cancel(reason: String)
    /// Stops the input.
    func stopInput()
    /// Starts the current step again.
    func restartStep()
}
