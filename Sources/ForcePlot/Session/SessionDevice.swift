import ForceCore

/// What a plot says about the device a session came from: its name and how it measures force.
public struct SessionDevice: Hashable, Sendable {
    /// The device name.
    public var name: String
    /// The kind of device.
    public var kind: DeviceKind
    /// The kernel name of the pressure axis (`ABS_MT_PRESSURE`, `ABS_PRESSURE`), nil without one.
    public var pressureAxisName: String?
    /// The raw range of the pressure axis, nil without one.
    public var pressureRange: ClosedRange<Int32>?
    /// Whether force is measured (pressure, or contact size when estimated).
    public var isForceAvailable: Bool
    /// Whether force is estimated from contact size rather than measured as pressure.
    public var isForceEstimated: Bool
    /// The top of the force range (`UITouch.maximumPossibleForce`); 0 without pressure.
    public var maximumPossibleForce: Double
    /// What drives force and interactions: pressure, contact size, or the time a touch is held
    /// still (Haptic Touch).
    public var forceSource: ForceSource

    /// Creates a description; the force source defaults to what availability and estimation say.
    public init(
        name: String, kind: DeviceKind, pressureAxisName: String? = nil, pressureRange: ClosedRange<Int32>? = nil,
        isForceAvailable: Bool, isForceEstimated: Bool = false, maximumPossibleForce: Double,
        forceSource: ForceSource? = nil
    ) {
        self.name = name
        self.kind = kind
        self.pressureAxisName = pressureAxisName
        self.pressureRange = pressureRange
        self.isForceAvailable = isForceAvailable
        self.isForceEstimated = isForceEstimated
        self.maximumPossibleForce = maximumPossibleForce
        self.forceSource = forceSource ?? (isForceAvailable ? (isForceEstimated ? .contactSize : .pressure) : .duration)
    }

    /// Describes `device` as `model` reads its force.
    public init(device: DeviceDescription, model: ForceModel) {
        let axis = device.pressureAxis
        let range = axis.flatMap { $0.info.minimum <= $0.info.maximum ? $0.info.minimum...$0.info.maximum : nil }
        self.init(
            name: device.name, kind: device.kind, pressureAxisName: axis?.name, pressureRange: range,
            isForceAvailable: model.isAvailable, isForceEstimated: model.isEstimated,
            maximumPossibleForce: model.maximumPossibleForce, forceSource: model.forceSource)
    }
}
