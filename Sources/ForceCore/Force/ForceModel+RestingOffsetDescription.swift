extension ForceModel {
    /// What `describe` says about the resting offset and the pen tip, one line each: the rule that
    /// applies, where it stands, and the tip thresholds. Empty when force is not measured by
    /// pressure. Meant for pens (the tip thresholds apply to single-contact devices only). For a pen
    /// without a distance axis on a 0–1023 axis, before any proximity:
    ///
    ///     resting offset: none until the 3rd proximity-in with pressure above 0 decides it from the lowest pressure seen in proximity since the first (no ABS_DISTANCE); until then the configured offset, 0, applies and the plain tip thresholds decide contact
    ///     at most 50 % of the range (511.5) is learned; once learned it only decreases, never below 0
    ///     now: no proximity-in yet
    ///     tip: down at 51, up at 10 (raw units; without an offset 5 % and 1 % of the range, in whole units; with one, learned or configured, up at the offset and down 41 above it); force counts from the tip-up level
    public var restingOffsetDescription: [String] {
        guard case .pressure = source, isAvailable else { return [] }
        let learning = restingOffsetLearning
        let configured = Self.text(configuredOffset)
        var lines: [String] = []
        switch learning.state {
        case .off:
            lines.append("resting offset: \(configured), not learned (learning is off for this device or profile)")
        case .awaitingDistantProximityIn, .collecting, .settledWithoutOffset, .learned:
            if let axis = learning.distanceAxis, let distance = learning.learningDistance {
                lines.append("resting offset: learned from the pressure at a proximity-in where ABS_DISTANCE is at least \(distance) "
                    + "(\(Self.text(RestingOffsetLearning.learningDistanceFraction * 100)) % of \(axis.minimum)...\(axis.maximum)); "
                    + "closer, a pressure is too likely a press: nothing is learned, the configured offset, \(configured), stays "
                    + "and the plain tip thresholds decide contact")
            } else {
                lines.append("resting offset: none until the \(RestingOffsetLearning.decidingProximityIn)rd proximity-in with pressure above "
                    + "\(configured) decides it from the lowest pressure seen in proximity since the first (no ABS_DISTANCE); until then "
                    + "the configured offset, \(configured), applies and the plain tip thresholds decide contact")
            }
            lines.append("at most \(Self.text(RestingOffsetLearning.maximumOffsetFraction * 100)) % of the range "
                + "(\(Self.text(learning.cap))) is learned; once learned it only decreases, never below \(configured)")
            lines.append("now: \(Self.status(of: learning))")
        }
        let tip = tipThresholds
        let levels = "tip: down at \(Self.text(tip.down)), up at \(Self.text(tip.up)) (raw units; "
        let fractions = "\(Self.text(tip.downFraction * 100)) % and \(Self.text(tip.upFraction * 100)) % of the range"
        if tip.readsAsTablet {
            lines.append(levels + "without an offset \(fractions), in whole units; with one, learned or configured, up at the offset "
                + "and down \(Self.text(tip.gap)) above it); force counts from the tip-up level")
        } else {
            lines.append(levels + "\(fractions) above the offset); force counts from the offset")
        }
        return lines
    }

    /// Where learning stands, in words.
    private static func status(of learning: RestingOffsetLearning) -> String {
        switch learning.state {
        case .off: "not learning"
        case .awaitingDistantProximityIn: "no proximity-in far enough with pressure yet"
        case .collecting(_, let lowest) where !lowest.isFinite: "no proximity-in yet"
        case .collecting(let count, let lowest):
            "\(count) of \(RestingOffsetLearning.decidingProximityIn) proximity-ins with pressure, lowest pressure \(text(lowest)), no offset yet"
        case .settledWithoutOffset: "decided: no offset (the lowest pressure was at the configured offset, or above the cap)"
        case .learned(let offset): "learned \(text(offset))"
        }
    }

    /// `12`, `51.15`: at most two decimals, as a person would write it.
    private static func text(_ value: Double) -> String {
        UdevDeviceSettings.format((value * 100).rounded() / 100)
    }
}
