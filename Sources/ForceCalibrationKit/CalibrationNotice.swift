/// Something a calibration session decided in a frame, for a wizard to show (or a log to print).
public enum CalibrationNotice: Hashable, Sendable, CustomStringConvertible {
    /// A press was counted: the `count`th of the step.
    case pressCounted(CalibrationStep, Press, count: Int)
    /// A press was not counted, and why; the step goes on.
    case pressIgnored(CalibrationStep, Press, CalibrationProblem)
    /// The step was good enough; `next` is the step that follows (nil: the calibration is done).
    case stepAccepted(StepMeasurement, next: CalibrationStep?)
    /// The step was not good enough and starts again.
    case stepRejected(CalibrationStep, CalibrationProblem)
    /// The session ended without a calibration (device lost, input ended early, cancelled).
    case stopped(reason: String)

    public var description: String {
        switch self {
        case let .pressCounted(step, press, count):
            return "\(step.title): press \(count) counted (level \(DecimalText.fixed(press.level, decimals: 0)), "
                + "\(DecimalText.fixed(press.duration * 1000, decimals: 0)) ms)"
        case let .pressIgnored(step, _, problem):
            return "\(step.title): press not counted: \(problem)"
        case let .stepAccepted(measurement, next):
            let then = next.map { "; next: \($0.title.lowercased())" } ?? "; done"
            return "\(measurement.step.title): accepted (level \(DecimalText.fixed(measurement.level, decimals: 1)))\(then)"
        case let .stepRejected(step, problem):
            return "\(step.title): repeat: \(problem)"
        case .stopped(let reason):
            return "stopped: \(reason)"
        }
    }
}
