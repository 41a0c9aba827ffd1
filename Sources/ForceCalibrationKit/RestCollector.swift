/// The rest step of a pen: collects its pressure while it hovers in range, and judges it.
///
/// A sample counts while the pen is in range and not touching (with `ABS_DISTANCE`: above the
/// axis minimum; without: as long as the pressure does not rise, as a touch would make it). The
/// step is judged once `restDuration` seconds are collected: the median is the resting offset,
/// unless the pressure moved more than `maximumRestNoise` of the range.
struct RestCollector {
    enum Outcome: Hashable {
        /// Nothing decided yet.
        case collecting
        /// The step is done.
        case accepted(StepMeasurement)
        /// The step starts again.
        case rejected(CalibrationProblem)
    }

    let requirements: CalibrationRequirements
    /// The axis span, for the noise limit and the touch threshold.
    let span: Double
    private var values: [Double] = []
    private var seconds = 0.0
    private var lastTime: Int64?
    /// After a touch, samples wait until the pen is back at rest (at most this value).
    private var settlingBelow: Double?

    init(requirements: CalibrationRequirements, span: Double) {
        self.requirements = requirements
        self.span = span
    }

    /// How much above the lowest resting pressure counts as touching.
    var touchThreshold: Double { max(0.05 * span, 3) }

    /// Seconds of resting collected so far.
    var collectedSeconds: Double { seconds }

    /// Takes one frame of a pen: whether it is in range, whether it hovers (nil: the pen cannot
    /// tell), and its pressure.
    mutating func add(time: Int64, inRange: Bool, hovering: Bool?, value: Double) -> Outcome {
        guard inRange else {
            settlingBelow = nil
            return restart(because: values.isEmpty ? nil : .restTooShort(seconds: seconds, needed: requirements.restDuration))
        }
        if let limit = settlingBelow {
            guard hovering ?? (value <= limit) else { return .collecting }
            settlingBelow = nil
        }
        let lowest = values.min() ?? value
        if hovering == false || value > lowest + touchThreshold {
            settlingBelow = lowest + touchThreshold / 2
            return restart(because: .touchedWhileResting)
        }
        if let lastTime { seconds += min(Double(time - lastTime) / 1_000_000, 0.1) }
        lastTime = time
        values.append(value)
        guard seconds >= requirements.restDuration else { return .collecting }
        let measurement = StepMeasurement(step: .rest, values: values, seconds: seconds)
        let allowed = requirements.maximumRestNoise * span
        if measurement.deviation > allowed {
            return restart(because: .restTooNoisy(deviation: measurement.deviation, allowed: allowed))
        }
        reset()
        return .accepted(measurement)
    }

    /// Forgets what was collected.
    mutating func reset() {
        values.removeAll(keepingCapacity: true)
        seconds = 0
        lastTime = nil
    }

    private mutating func restart(because problem: CalibrationProblem?) -> Outcome {
        reset()
        return problem.map { .rejected($0) } ?? .collecting
    }
}
