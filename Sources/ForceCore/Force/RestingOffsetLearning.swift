/// How a pen's resting offset is learned: the pressure a worn tip reports while it hovers, which
/// then counts as no force. The rules are libinput's (`detect_pressure_offset` and
/// `update_pressure_offset` in `src/evdev-tablet.c`):
///
/// - **With `ABS_DISTANCE`**: at a proximity-in whose distance is at least `learningDistance`
///   (half the distance axis, in whole units as libinput rounds it), a pressure above the
///   configured offset becomes the offset. Closer than that, a pressure is too likely a press:
///   nothing is learned, the plain tip thresholds apply (a pen that arrives pressing is in
///   contact at once), and the next proximity-in tries again.
/// - **Without `ABS_DISTANCE`** such a pen always has some pressure on contact, so its first
///   proximity-ins cannot tell resting from pressing. From its first proximity-in on, the lowest
///   pressure seen in proximity is kept (a hovering zero included), but no offset applies: the
///   plain tip thresholds decide contact. The third proximity-in that arrives with pressure above
///   the configured offset decides, from the lowest pressure so far (its own included): that is
///   the offset from then on, or, when it is not above the configured offset, there is none for
///   good.
/// - Either way an offset above `cap` (half the range) is taken for a press and ignored, and once
///   learned the offset only decreases: any lower reading in proximity, tip up or down, lowers it,
///   never below the configured offset.
/// - `BTN_TOUCH` plays no part: some tablets set it from the pressure, hovering worn tips included.
///
/// Where ForceBridge differs from libinput: the offset belongs to the device's one force model,
/// not to each tool serial.
public struct RestingOffsetLearning: Hashable, Sendable {
    /// Where learning stands.
    public enum State: Hashable, Sendable {
        /// Not learning: the calibration says not to, or force is not measured by pressure.
        case off
        /// A pen with a distance axis: the next proximity-in at `learningDistance` or farther,
        /// with pressure, decides.
        case awaitingDistantProximityIn
        /// A pen without a distance axis: counting the proximity-ins that arrive with pressure
        /// (0 to 2 so far) and keeping the lowest pressure seen in proximity since the first
        /// proximity-in (infinity before it).
        case collecting(proximityIns: Int, lowest: Double)
        /// Decided without an offset: the lowest pressure was at the configured offset, or
        /// above the cap.
        case settledWithoutOffset
        /// The learned offset, in raw units; it only decreases.
        case learned(Double)
    }

    /// The proximity-in (with pressure) at which a pen without a distance axis decides.
    public static let decidingProximityIn = 3
    /// The largest learned offset, as a fraction of the range above the axis minimum.
    public static let maximumOffsetFraction = 0.5
    /// How far a pen must be, as a fraction of its distance axis, for its pressure at
    /// proximity-in to be learned.
    public static let learningDistanceFraction = 0.5

    /// Where learning stands.
    public private(set) var state: State
    /// The offset a reading must be above to be learned (the configured one).
    public let floor: Double
    /// The largest offset that is learned, in raw units.
    public let cap: Double
    /// The pen's distance axis (`ABS_DISTANCE`), if it reports one.
    public let distanceAxis: AxisInfo?
    /// The smallest distance, in raw units, at which a proximity-in's pressure is learned:
    /// `learningDistanceFraction` of the distance axis, truncated to whole units as libinput's
    /// `axis_range_percentage` does; nil without a distance axis.
    public let learningDistance: Int32?

    /// Whether the pen reports its hover distance (`ABS_DISTANCE`).
    public var hasDistanceAxis: Bool { distanceAxis != nil }

    /// Learning for a pen with `distanceAxis` (nil when it has none), above `floor`, capped at
    /// half of `minimum...maximum`; `enabled` false never learns.
    public init(enabled: Bool, distanceAxis: AxisInfo?, floor: Double, minimum: Double, maximum: Double) {
        self.distanceAxis = distanceAxis
        self.floor = floor
        cap = minimum + (maximum - minimum) * Self.maximumOffsetFraction
        learningDistance = distanceAxis.map { axis in
            let span = Double(axis.maximum) - Double(axis.minimum)
            return Int32((span * Self.learningDistanceFraction + Double(axis.minimum)).rounded(.towardZero))
        }
        if !enabled || maximum <= minimum {
            state = .off
        } else if distanceAxis != nil {
            state = .awaitingDistantProximityIn
        } else {
            state = .collecting(proximityIns: 0, lowest: .infinity)
        }
    }

    /// The learned offset, if any: the only offset that applies.
    public var offset: Double? {
        if case .learned(let offset) = state { return offset }
        return nil
    }

    /// Takes one frame's pressure and distance of a pen in proximity (not the frame it leaves
    /// in); `isProximityIn` says the pen came into proximity in this frame. Returns whether the
    /// offset changed.
    public mutating func observe(pressure raw: Int32, distance: Int32, isProximityIn: Bool) -> Bool {
        let pressure = Double(raw)
        switch state {
        case .off, .settledWithoutOffset:
            return false
        case .learned(let offset):
            let lowered = max(pressure, floor)
            guard lowered < offset else { return false }
            state = .learned(lowered)
            return true
        case .awaitingDistantProximityIn:
            guard isProximityIn, let learningDistance, distance >= learningDistance, isLearnable(pressure) else { return false }
            state = .learned(pressure)
            return true
        case .collecting(var count, var lowest):
            // Nothing is known of this pen before its first proximity-in.
            guard isProximityIn || lowest.isFinite else { return false }
            lowest = min(lowest, pressure)
            if isProximityIn && pressure > floor { count += 1 }
            guard count >= Self.decidingProximityIn else {
                state = .collecting(proximityIns: count, lowest: lowest)
                return false
            }
            guard isLearnable(lowest) else {
                state = .settledWithoutOffset
                return false
            }
            state = .learned(lowest)
            return true
        }
    }

    /// Whether `raw` may become the offset: above the configured one, at most the cap.
    private func isLearnable(_ raw: Double) -> Bool {
        raw > floor && raw <= cap
    }
}
