/// What makes a calibration step good enough. The defaults are documented on each property;
/// a wizard (and a replay of its recording) must use the same values to see the same steps.
public struct CalibrationRequirements: Hashable, Sendable {
    /// Seconds of resting a pen must hold (1.0).
    public var restDuration: Double
    /// Presses a step asks for; the step is judged when that many are counted (5).
    public var pressesPerStep: Int
    /// Presses a step needs at least when the user stops early (3).
    public var minimumPresses: Int
    /// Seconds without a press, after the first one, after which the step is judged with the
    /// presses it has (4.0).
    public var stepTimeout: Double
    /// The shortest light tap counted, in seconds (0.02: at least two reports on most devices).
    public var minimumTapDuration: Double
    /// The shortest ordinary or firm press counted, in seconds (0.15: "holding each press a moment").
    public var minimumPressDuration: Double
    /// The largest spread of a step's presses, as their standard deviation over their mean
    /// (0.35): beyond it the presses were too different to tell one level.
    public var maximumVariation: Double
    /// The largest standard deviation of a resting pen's pressure, as a fraction of the range (0.01).
    public var maximumRestNoise: Double
    /// How much firmer than the previous step a step's presses must be, above the resting
    /// offset (1.15: 15 %).
    public var minimumStepRatio: Double

    /// The documented defaults.
    public static let standard = CalibrationRequirements(
        restDuration: 1.0, pressesPerStep: 5, minimumPresses: 3, stepTimeout: 4.0, minimumTapDuration: 0.02,
        minimumPressDuration: 0.15, maximumVariation: 0.35, maximumRestNoise: 0.01, minimumStepRatio: 1.15)

    /// The shortest press counted in `step`.
    public func minimumDuration(of step: CalibrationStep) -> Double {
        step == .lightTaps ? minimumTapDuration : minimumPressDuration
    }
}
