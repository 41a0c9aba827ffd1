/// What an accepted step measured, in raw units of the calibrated axis.
public struct StepMeasurement: Hashable, Sendable {
    /// The step.
    public var step: CalibrationStep
    /// The step's value: the median resting pressure (`rest`), or the median level of its presses.
    public var level: Double
    /// The lowest and highest resting value, or press level.
    public var lowest: Double
    /// See `lowest`.
    public var highest: Double
    /// The standard deviation of the resting values, or of the press levels.
    public var deviation: Double
    /// The presses counted (none for `rest`).
    public var presses: [Press]
    /// How long the step's measurement lasted, in seconds (resting time for `rest`).
    public var seconds: Double

    /// Creates a measurement.
    public init(step: CalibrationStep, level: Double, lowest: Double, highest: Double, deviation: Double, presses: [Press], seconds: Double) {
        self.step = step
        self.level = level
        self.lowest = lowest
        self.highest = highest
        self.deviation = deviation
        self.presses = presses
        self.seconds = seconds
    }

    /// The measurement of `values` (resting values, or press levels).
    init(step: CalibrationStep, values: [Double], presses: [Press] = [], seconds: Double) {
        self.init(
            step: step, level: Statistics.median(values), lowest: values.min() ?? 0, highest: values.max() ?? 0,
            deviation: Statistics.standardDeviation(values), presses: presses, seconds: seconds)
    }
}
