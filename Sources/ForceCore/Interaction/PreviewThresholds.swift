/// Where, in force units (1.0 = an average touch), a preview interaction begins, ends its preview
/// and commits, and how it keeps noise near a threshold from flapping.
///
/// Defaults: begin at 1.0 (a touch firmer than average), preview ends at 2.0 ("peek"), commit
/// ends at 3.0 ("pop"). Progress moves linearly between the thresholds. On devices whose
/// `maximumPossibleForce` is too low for these (commit above 90% of it), `fitted(toMaximumForce:)`
/// scales every threshold down so that a full press still commits.
public struct PreviewThresholds: Hashable, Sendable {
    /// The force at which the interaction asks `shouldBegin` and the preview starts (progress 0).
    public var begin: Double
    /// The force at which the preview transition ends (progress 1, "peek").
    public var previewEnd: Double
    /// The force at which the commit transition ends (progress 1, "pop").
    public var commitEnd: Double
    /// How far force must fall below `begin` before a declined touch may be asked again.
    public var hysteresis: Double
    /// The smallest progress change reported, so sensor noise does not flood the delegate.
    public var progressStep: Double

    /// The documented defaults.
    public static let standard = PreviewThresholds(begin: 1.0, previewEnd: 2.0, commitEnd: 3.0)

    /// The highest share of `maximumPossibleForce` that `commitEnd` may take before thresholds are scaled.
    public static let maximumCommitShare = 0.9

    /// Creates thresholds.
    public init(begin: Double, previewEnd: Double, commitEnd: Double, hysteresis: Double = 0.1, progressStep: Double = 0.01) {
        self.begin = begin
        self.previewEnd = previewEnd
        self.commitEnd = commitEnd
        self.hysteresis = hysteresis
        self.progressStep = progressStep
    }

    /// Whether the thresholds are usable: positive, finite and strictly increasing.
    public var isValid: Bool {
        [begin, previewEnd, commitEnd, hysteresis, progressStep].allSatisfy(\.isFinite)
            && begin > 0 && begin < previewEnd && previewEnd < commitEnd && hysteresis >= 0 && progressStep >= 0
    }

    /// These thresholds with every force (`begin`, `previewEnd`, `commitEnd`, `hysteresis`)
    /// multiplied by `factor`, as a `ForceSensitivity` asks.
    public func scaled(by factor: Double) -> PreviewThresholds {
        PreviewThresholds(
            begin: begin * factor, previewEnd: previewEnd * factor, commitEnd: commitEnd * factor,
            hysteresis: hysteresis * factor, progressStep: progressStep)
    }

    /// These thresholds scaled down, if needed, so that `commitEnd` is reachable on a device whose
    /// force tops out at `maximumForce`.
    public func fitted(toMaximumForce maximumForce: Double) -> PreviewThresholds {
        let limit = maximumForce * Self.maximumCommitShare
        guard maximumForce > 0, commitEnd > limit else { return self }
        return scaled(by: limit / commitEnd)
    }
}
