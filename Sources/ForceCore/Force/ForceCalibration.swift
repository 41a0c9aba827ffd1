/// How a device's raw pressure (or contact size) becomes UIKit-style force: where force comes
/// from, what counts as an average touch, where the resting value is, and the response curve.
/// Every field is optional so that layers (built-in defaults, hwdb, the user's profile) can be
/// merged; `ForceModel` fills the gaps.
///
/// Pressure and contact size are calibrated the same way, each with its own fields: a device
/// whose force source is contact size reads `restingContactSize`, `averageContactSize` (or its
/// fraction) and `contactSizeCurve`, and never the pressure fields.
public struct ForceCalibration: Hashable, Sendable {
    /// The force source to use instead of the automatic choice (pressure when the device has a
    /// pressure axis, else contact size when it reports one, else duration). A source the device
    /// cannot provide is ignored.
    public var forceSource: ForceSource?
    /// The raw pressure of an average touch (force 1.0), in axis units.
    public var averagePressure: Double?
    /// The average touch as a fraction of the range above the resting offset (0...1), used when
    /// `averagePressure` is not given.
    public var averagePressureFraction: Double?
    /// The raw pressure at rest (force 0). Defaults to the axis minimum.
    public var restingOffset: Double?
    /// Whether to learn the resting offset from the pressure at proximity-in (pens).
    public var learnsRestingOffset: Bool?
    /// Pen tip-down threshold above the offset, as a fraction of the range.
    public var tipDownThreshold: Double?
    /// Pen tip-up threshold above the offset, as a fraction of the range (below tip-down).
    public var tipUpThreshold: Double?
    /// The response curve applied to normalized pressure.
    public var curve: PressureCurve?
    /// The contact size of a touch resting on the surface (force 0), in axis units. Defaults to
    /// the axis minimum.
    public var restingContactSize: Double?
    /// The contact size of an average touch (force 1.0), in axis units.
    public var averageContactSize: Double?
    /// The average touch's contact size as a fraction of the range above the resting size
    /// (0...1), used when `averageContactSize` is not given.
    public var averageContactSizeFraction: Double?
    /// The response curve applied to normalized contact size.
    public var contactSizeCurve: PressureCurve?

    /// Creates a calibration; nil fields are filled in by lower layers.
    public init(
        forceSource: ForceSource? = nil,
        averagePressure: Double? = nil,
        averagePressureFraction: Double? = nil,
        restingOffset: Double? = nil,
        learnsRestingOffset: Bool? = nil,
        tipDownThreshold: Double? = nil,
        tipUpThreshold: Double? = nil,
        curve: PressureCurve? = nil,
        restingContactSize: Double? = nil,
        averageContactSize: Double? = nil,
        averageContactSizeFraction: Double? = nil,
        contactSizeCurve: PressureCurve? = nil
    ) {
        self.forceSource = forceSource
        self.averagePressure = averagePressure
        self.averagePressureFraction = averagePressureFraction
        self.restingOffset = restingOffset
        self.learnsRestingOffset = learnsRestingOffset
        self.tipDownThreshold = tipDownThreshold
        self.tipUpThreshold = tipUpThreshold
        self.curve = curve
        self.restingContactSize = restingContactSize
        self.averageContactSize = averageContactSize
        self.averageContactSizeFraction = averageContactSizeFraction
        self.contactSizeCurve = contactSizeCurve
    }

    /// This calibration with the gaps filled from `lower` (this one wins where both are set). A
    /// layer that gives an average as a fraction hides the lower layer's raw average, and the
    /// other way round.
    public func overriding(_ lower: ForceCalibration) -> ForceCalibration {
        ForceCalibration(
            forceSource: forceSource ?? lower.forceSource,
            averagePressure: averagePressure ?? (averagePressureFraction == nil ? lower.averagePressure : nil),
            averagePressureFraction: averagePressureFraction ?? lower.averagePressureFraction,
            restingOffset: restingOffset ?? lower.restingOffset,
            learnsRestingOffset: learnsRestingOffset ?? lower.learnsRestingOffset,
            tipDownThreshold: tipDownThreshold ?? lower.tipDownThreshold,
            tipUpThreshold: tipUpThreshold ?? lower.tipUpThreshold,
            curve: curve ?? lower.curve,
            restingContactSize: restingContactSize ?? lower.restingContactSize,
            averageContactSize: averageContactSize ?? (averageContactSizeFraction == nil ? lower.averageContactSize : nil),
            averageContactSizeFraction: averageContactSizeFraction ?? lower.averageContactSizeFraction,
            contactSizeCurve: contactSizeCurve ?? lower.contactSizeCurve
        )
    }

    /// The built-in defaults for a kind of device.
    ///
    /// - Touchscreens and touchpads: an average touch at 15% of the range, so that
    ///   `maximumPossibleForce` is about 6.67, as on 3D Touch iPhones; the same for contact size,
    ///   resting at the axis minimum.
    /// - Tablets (pens): an average touch at 24% of the range, so that `maximumPossibleForce` is
    ///   about 4.17, as for Apple Pencil; the resting offset is learned (worn pens) and the tip
    ///   goes down at 5% and up at 1% of the range above it, as libinput does.
    public static func defaults(for kind: DeviceKind) -> ForceCalibration {
        switch kind {
        case .tablet:
            return ForceCalibration(
                averagePressureFraction: 0.24, learnsRestingOffset: true,
                tipDownThreshold: 0.05, tipUpThreshold: 0.01, curve: .linear,
                averageContactSizeFraction: 0.15, contactSizeCurve: .linear)
        case .touchscreen, .touchpad, .other:
            return ForceCalibration(
                averagePressureFraction: 0.15, learnsRestingOffset: false,
                tipDownThreshold: 0.05, tipUpThreshold: 0.01, curve: .linear,
                averageContactSizeFraction: 0.15, contactSizeCurve: .linear)
        }
    }
}
