/// Decides whether a press step's presses are good enough, and whether one press counts.
struct PressStepJudge {
    let requirements: CalibrationRequirements
    /// The calibrated axis.
    let minimum: Double
    /// See `minimum`.
    let maximum: Double
    /// The raw value at rest: levels are compared above it.
    let baseline: Double

    /// Why `press` does not count in `step`, or nil when it does.
    func problem(with press: Press, in step: CalibrationStep) -> CalibrationProblem? {
        let needed = requirements.minimumDuration(of: step)
        if press.duration < needed { return .pressTooShort(seconds: press.duration, needed: needed) }
        if press.hadOtherContacts { return .otherContacts }
        return nil
    }

    /// The measurement of `step` from its counted `presses`, or why it must be repeated.
    /// `previous` is the measurement of the press step before, if any.
    func judge(_ step: CalibrationStep, presses: [Press], previous: StepMeasurement?) -> Result<StepMeasurement, CalibrationProblem> {
        guard presses.count >= requirements.minimumPresses else {
            return .failure(.tooFewPresses(count: presses.count, needed: requirements.minimumPresses))
        }
        let levels = presses.map(\.level)
        let seconds = Double((presses.last?.end ?? 0) - (presses.first?.start ?? 0)) / 1_000_000
        let measurement = StepMeasurement(step: step, values: levels, presses: presses, seconds: seconds)
        let above = levels.map { $0 - baseline }
        let mean = Statistics.mean(above)
        if mean <= 0 || Statistics.standardDeviation(above) > requirements.maximumVariation * mean {
            return .failure(.pressesVaryTooMuch(lowest: measurement.lowest, highest: measurement.highest))
        }
        if step != .firmPresses, measurement.level >= maximum - 0.02 * (maximum - minimum) {
            return .failure(.reachesTopOfRange(maximum: maximum))
        }
        if let previous, measurement.level - baseline < requirements.minimumStepRatio * (previous.level - baseline) {
            return .failure(.notFirmerThanPrevious(level: measurement.level, previous: previous.level, previousStep: previous.step))
        }
        return .success(measurement)
    }
}
