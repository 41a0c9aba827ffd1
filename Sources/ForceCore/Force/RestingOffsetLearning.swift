/// How a pen's resting offset is learned: the pressure a worn tip reports while it hovers, which
/// then counts as no force. It follows libinput's pressure-offset rules, with the differences
/// named below.
///
/// - **With `ABS_DISTANCE`**: at a proximity-in whose frame shows the pen hovering (distance above
///   the axis minimum), a pressure above the configured offset becomes the offset. Until one does,
///   every proximity-in tries again.
/// - **Without `ABS_DISTANCE`** such a pen always has some pressure on contact, so a single
///   proximity-in cannot tell resting from pressing. The lowest pressure seen in proximity is kept
///   from the first proximity-in on, and the offset is decided at the third proximity-in from the
///   lowest so far. Before that no offset is learned; within each proximity the pressure at its
///   proximity-in (and any lower one after it) stands in provisionally, so that a tip resting at
///   30 % of the range does not touch down while hovering, and is forgotten at the next
///   proximity-in. A decision of "no offset" is final.
/// - Either way an offset above `cap` (half the range) is taken for a press and ignored, and once
///   learned the offset only decreases: any lower reading in proximity, tip up or down, lowers it,
///   never below the configured offset.
/// - `BTN_TOUCH` plays no part: some tablets set it from the pressure, hovering worn tips included.
///
/// Where ForceBridge differs from libinput: a hovering frame is one whose distance is above the
/// axis minimum (libinput asks for at least half the distance range, which a pen that comes into
/// range close to the surface never shows, leaving it without an offset); the offset belongs to
/// the device's one force model, not to each tool serial; and the tip thresholds both stay
/// relative to the offset (libinput puts tip-up at the offset itself); and before the third
/// proximity-in of a pen without a distance axis, the proximity's own arrival pressure stands in
/// as a provisional offset (libinput applies none, so such a pen resting at 30 % touches down in
/// its first two proximities, which breaks the promise that a hovering pen never begins an
/// interaction; the cost is that a pen arriving already lightly pressed in those proximities
/// needs that much more pressure before its tip goes down).
public struct RestingOffsetLearning: Hashable, Sendable {
    /// Where learning stands.
    public enum State: Hashable, Sendable {
        /// Not learning: the calibration says not to, or force is not measured by pressure.
        case off
        /// A pen with a distance axis: the next proximity-in that hovers with pressure decides.
        case awaitingHoveringProximityIn
        /// A pen without a distance axis: counting proximity-ins (1 or 2 so far) and keeping the
        /// lowest pressure seen in proximity.
        case collecting(proximityIns: Int, lowest: Double)
        /// Decided without an offset: the tip rests at the configured offset, or above the cap.
        case settledWithoutOffset
        /// The learned offset, in raw units; it only decreases.
        case learned(Double)
    }

    /// The proximity-in at which a pen without a distance axis decides.
    public static let decidingProximityIn = 3
    /// The largest learned offset, as a fraction of the range above the axis minimum.
    public static let maximumOffsetFraction = 0.5

    /// Where learning stands.
    public private(set) var state: State
    /// Before a pen without a distance axis decides: the lowest pressure since this proximity's
    /// proximity-in, standing in as the offset for this proximity; nil when that pressure is not
    /// learnable (at or below the configured offset, or above the cap).
    public private(set) var provisionalOffset: Double?
    /// The offset a reading must be above to be learned (the configured one).
    public let floor: Double
    /// The largest offset that is learned, in raw units.
    public let cap: Double
    /// Whether the pen reports its hover distance (`ABS_DISTANCE`).
    public let hasDistanceAxis: Bool

    /// Learning for a pen with `hasDistanceAxis`, above `floor`, capped at half of
    /// `minimum...maximum`; `enabled` false never learns.
    public init(enabled: Bool, hasDistanceAxis: Bool, floor: Double, minimum: Double, maximum: Double) {
        self.hasDistanceAxis = hasDistanceAxis
        self.floor = floor
        cap = minimum + (maximum - minimum) * Self.maximumOffsetFraction
        if !enabled || maximum <= minimum {
            state = .off
        } else if hasDistanceAxis {
            state = .awaitingHoveringProximityIn
        } else {
            state = .collecting(proximityIns: 0, lowest: .infinity)
        }
    }

    /// The learned offset, if any.
    public var offset: Double? {
        if case .learned(let offset) = state { return offset }
        return nil
    }

    /// The offset in effect: the learned one, else the provisional one, else nil (the
    /// configured offset applies).
    public var effectiveOffset: Double? { offset ?? provisionalOffset }

    /// Takes one frame's pressure of a pen in proximity (not the frame it leaves in).
    /// `isProximityIn` says the pen came into proximity in this frame, `isHovering` that the
    /// frame's distance is above the axis minimum (pens with a distance axis). Returns whether the
    /// offset changed.
    public mutating func observe(pressure raw: Int32, isProximityIn: Bool, isHovering: Bool) -> Bool {
        switch state {
        case .off, .settledWithoutOffset:
            return false
        case .learned(let offset):
            let lowered = max(Double(raw), floor)
            guard lowered < offset else { return false }
            state = .learned(lowered)
            return true
        case .awaitingHoveringProximityIn:
            guard isProximityIn, isHovering, isLearnable(Double(raw)) else { return false }
            state = .learned(Double(raw))
            return true
        case .collecting(var count, let lowest):
            let lowest = min(lowest, Double(raw))
            if isProximityIn { count += 1 }
            let before = provisionalOffset
            guard count >= Self.decidingProximityIn else {
                // Pressure before the first proximity-in says nothing about this pen.
                guard count > 0 else { return false }
                state = .collecting(proximityIns: count, lowest: lowest)
                if isProximityIn {
                    provisionalOffset = isLearnable(Double(raw)) ? Double(raw) : nil
                } else if let provisional = provisionalOffset, Double(raw) < provisional {
                    provisionalOffset = isLearnable(Double(raw)) ? Double(raw) : nil
                }
                return provisionalOffset != before
            }
            provisionalOffset = nil
            guard isLearnable(lowest) else {
                state = .settledWithoutOffset
                return before != nil
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
