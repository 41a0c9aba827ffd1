/// How a device's raw pressure becomes UIKit-style force: what counts as an average touch, where
/// the resting pressure is, and the response curve. Every field is optional so that layers
/// (built-in defaults, hwdb, the user's profile) can be merged; `resolved(for:)` fills the gaps.
public struct ForceCalibration: Hashable, Sendable {
    /// The raw pressure of an average touch (force 1.0), in axis units.
    public var averagePressure: Double?
    /// The average touch as a fraction of the range above the resting offset (0...1), used when
    /// `averagePressure` is not given.
    public var averagePressureFraction: Double?
    /// The raw pressure at rest (force 0). Defaults to the axis minimum.
    public var restingOffset: Double?
    /// Whether to learn the resting offset from the lowest pressure seen at proximity-in (pens).
    public var learnsRestingOffset: Bool?
    /// Pen tip-down threshold above the offset, as a fraction of the range.
    public var tipDownThreshold: Double?
    /// Pen tip-up threshold above the offset, as a fraction of the range (below tip-down).
    public var tipUpThreshold: Double?
    /// The response curve applied after normalization.
    public var curve: PressureCurve?
    /// Whether a device without pressure estimates force from contact size (`ABS_MT_TOUCH_MAJOR`).
    public var estimatesForceFromContactSize: Bool?

    /// Creates a calibration; nil fields are filled in by lower layers.
    public init(
        averagePressure: Double? = nil,
        averagePressureFraction: Double? = nil,
        restingOffset: Double? = nil,
        learnsRestingOffset: Bool? = nil,
        tipDownThreshold: Double? = nil,
        tipUpThreshold: Double? = nil,
        curve: PressureCurve? = nil,
        estimatesForceFromContactSize: Bool? = nil
    ) {
        self.averagePressure = averagePressure
        self.averagePressureFraction = averagePressureFraction
        self.restingOffset = restingOffset
        self.learnsRestingOffset = learnsRestingOffset
        self.tipDownThreshold = tipDownThreshold
        self.tipUpThreshold = tipUpThreshold
        self.curve = curve
        self.estimatesForceFromContactSize = estimatesForceFromContactSize
    }

    /// This calibration with the gaps filled from `lower` (this one wins where both are set).
    public func overriding(_ lower: ForceCalibration) -> ForceCalibration {
        ForceCalibration(
            averagePressure: averagePressure ?? (averagePressureFraction == nil ? lower.averagePressure : nil),
            averagePressureFraction: averagePressureFraction ?? lower.averagePressureFraction,
            restingOffset: restingOffset ?? lower.restingOffset,
            learnsRestingOffset: learnsRestingOffset ?? lower.learnsRestingOffset,
            tipDownThreshold: tipDownThreshold ?? lower.tipDownThreshold,
            tipUpThreshold: tipUpThreshold ?? lower.tipUpThreshold,
            curve: curve ?? lower.curve,
            estimatesForceFromContactSize: estimatesForceFromContactSize ?? lower.estimatesForceFromContactSize
        )
    }

    /// The built-in defaults for a kind of device.
    ///
    /// - Touchscreens and touchpads: an average touch at 15% of the range, so that
    ///   `maximumPossibleForce` is about 6.67, as on 3D Touch iPhones.
    /// - Tablets (pens): an average touch at 24% of the range, so that `maximumPossibleForce` is
    ///   about 4.17, as for Apple Pencil; the resting offset is learned (worn pens) and the tip
    ///   goes down at 5% and up at 1% of the range above it, as libinput does.
    public static func defaults(for kind: DeviceKind) -> ForceCalibration {
        switch kind {
        case .tablet:
            return ForceCalibration(
                averagePressureFraction: 0.24, learnsRestingOffset: true,
                tipDownThreshold: 0.05, tipUpThreshold: 0.01, curve: .linear,
                estimatesForceFromContactSize: false)
        case .touchscreen, .touchpad, .other:
            return ForceCalibration(
                averagePressureFraction: 0.15, learnsRestingOffset: false,
                tipDownThreshold: 0.05, tipUpThreshold: 0.01, curve: .linear,
                estimatesForceFromContactSize: false)
        }
    }
}
