extension ForceModel {
    /// What `describe` says about the resting offset and the pen tip, one line each: the rule that
    /// applies, where it stands, and the tip thresholds. Empty when force is not measured by
    /// pressure. Meant for pens (the tip thresholds apply to single-contact devices only). For a pen
    /// without a distance axis on a 0–1023 axis, before any proximity:
    ///
    ///     resting offset: decided at the 3rd proximity-in from the lowest pressure seen in proximity (no ABS_DISTANCE); until then each proximity's pressure at proximity-in stands in for that proximity (provisional), or the configured offset, 0, when that pressure is not learnable
    ///     at most 50 % of the range (511.5) is learned; once learned it only decreases, never below 0
    ///     now: no proximity-in yet
    ///     tip: down 51.15 (5 % of the range) above the offset, up 10.23 (1 %) above it
    public var restingOffsetDescription: [String] {
        guard case .pressure = source, isAvailable else { return [] }
        let learning = restingOffsetLearning
        let configured = Self.text(configuredOffset)
        var lines: [String] = []
        switch learning.state {
        case .off:
            lines.append("resting offset: \(configured), not learned (learning is off for this device or profile)")
        case .awaitingHoveringProximityIn, .collecting, .settledWithoutOffset, .learned:
            if learning.hasDistanceAxis {
                lines.append("resting offset: learned at a proximity-in that hovers (ABS_DISTANCE above its minimum) "
                    + "from the pressure then; until then the configured offset, \(configured), applies")
            } else {
                lines.append("resting offset: decided at the \(RestingOffsetLearning.decidingProximityIn)rd proximity-in from "
                    + "the lowest pressure seen in proximity (no ABS_DISTANCE); until then each proximity's pressure at proximity-in stands in "
                    + "for that proximity (provisional), or the configured offset, \(configured), when that pressure is not learnable")
            }
            lines.append("at most \(Self.text(RestingOffsetLearning.maximumOffsetFraction * 100)) % of the range "
                + "(\(Self.text(learning.cap))) is learned; once learned it only decreases, never below \(configured)")
            lines.append("now: \(Self.status(of: learning))")
        }
        let span = maximum - minimum
        lines.append("tip: down \(Self.text(tipDownThreshold)) (\(Self.text(tipDownThreshold / span * 100)) % of the range) above "
            + "the offset, up \(Self.text(tipUpThreshold)) (\(Self.text(tipUpThreshold / span * 100)) %) above it")
        return lines
    }

    /// Where learning stands, in words.
    private static func status(of learning: RestingOffsetLearning) -> String {
        switch learning.state {
        case .off: "not learning"
        case .awaitingHoveringProximityIn: "no hovering proximity-in with pressure yet"
        case .collecting(0, _): "no proximity-in yet"
        case .collecting(let count, let lowest):
            "\(count) of \(RestingOffsetLearning.decidingProximityIn) proximity-ins, lowest pressure \(text(lowest))"
                + (learning.provisionalOffset.map { ", provisional offset \(text($0))" } ?? "")
        case .settledWithoutOffset: "decided: no offset (the tip rests at the configured offset, or above the cap)"
        case .learned(let offset): "learned \(text(offset))"
        }
    }

    /// `12`, `51.15`: at most two decimals, as a person would write it.
    private static func text(_ value: Double) -> String {
        UdevDeviceSettings.format((value * 100).rounded() / 100)
    }
}
