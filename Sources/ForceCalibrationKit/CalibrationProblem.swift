/// Why a step (or one press) was not good enough: each says what went wrong and what to do.
public enum CalibrationProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The pen left range (or touched down) before it had rested long enough.
    case restTooShort(seconds: Double, needed: Double)
    /// The pen touched the surface during the rest step.
    case touchedWhileResting
    /// The resting pressure moved too much: the spread, and what is allowed, in raw units.
    case restTooNoisy(deviation: Double, allowed: Double)
    /// The step ended (a pause, or the end of the recording) with too few presses.
    case tooFewPresses(count: Int, needed: Int)
    /// A press was shorter than the step asks.
    case pressTooShort(seconds: Double, needed: Double)
    /// Another finger touched during the press.
    case otherContacts
    /// The presses of the step were too different from each other (raw levels).
    case pressesVaryTooMuch(lowest: Double, highest: Double)
    /// The presses were not firmer than those of the previous step (raw levels above the offset).
    case notFirmerThanPrevious(level: Double, previous: Double, previousStep: CalibrationStep)
    /// Ordinary presses reached the top of the range: nothing would be left for firmer ones.
    case reachesTopOfRange(maximum: Double)

    /// What went wrong and what to do, for the user.
    public var description: String {
        switch self {
        case let .restTooShort(seconds, needed):
            return "the pen rested for \(DecimalText.fixed(seconds, decimals: 1)) s; hold it in range above the surface, "
                + "without touching, for \(DecimalText.fixed(needed, decimals: 1)) s"
        case .touchedWhileResting:
            return "the pen touched the surface; hold it just above it, without touching"
        case let .restTooNoisy(deviation, allowed):
            return "the resting pressure varied by \(DecimalText.fixed(deviation, decimals: 1)) (at most \(DecimalText.fixed(allowed, decimals: 1)) "
                + "allowed); hold the pen still, and away from the surface"
        case let .tooFewPresses(count, needed):
            return "only \(count) \(count == 1 ? "press was" : "presses were") counted; \(needed) are needed"
        case let .pressTooShort(seconds, needed):
            return "a press lasted \(DecimalText.fixed(seconds * 1000, decimals: 0)) ms; hold each press at least "
                + "\(DecimalText.fixed(needed * 1000, decimals: 0)) ms"
        case .otherContacts:
            return "another finger touched during the press; use one finger"
        case let .pressesVaryTooMuch(lowest, highest):
            return "the presses ranged from \(DecimalText.fixed(lowest, decimals: 0)) to \(DecimalText.fixed(highest, decimals: 0)); "
                + "press the same way each time"
        case let .notFirmerThanPrevious(level, previous, previousStep):
            return "these presses (\(DecimalText.fixed(level, decimals: 0))) were not clearly firmer than the "
                + "\(previousStep.title.lowercased()) (\(DecimalText.fixed(previous, decimals: 0))); press harder"
        case let .reachesTopOfRange(maximum):
            return "these presses reach the top of the range (\(DecimalText.fixed(maximum, decimals: 0))); press more lightly"
        }
    }

    /// Whether the problem is with one press only (it is not counted; the step goes on).
    public var concernsOnePress: Bool {
        switch self {
        case .pressTooShort, .otherContacts: return true
        default: return false
        }
    }
}
