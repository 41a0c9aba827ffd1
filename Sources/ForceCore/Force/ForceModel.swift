/// Turns one device's raw pressure, or contact size, into UIKit-style force.
///
/// With `zero` the raw value of no force (`zeroForceLevel`: the resting value, pressure or the
/// contact size of a resting touch; for pens, the tip-up level, as libinput reads a tablet's
/// pressure), `max` the top of the axis and `average` the raw value of an average touch:
/// - `normalizedForce = (raw - zero) / (max - zero)`, clamped to 0...1;
/// - `maximumPossibleForce = 1 / curve(normalized(average))`, which is `(max - zero) /
///   (average - zero)` for the linear curve;
/// - `force = curve(normalizedForce) * maximumPossibleForce`, so an average touch is exactly 1.0
///   under any curve, and the top of the axis is `maximumPossibleForce`.
///
/// Where force comes from (`Source`): the calibration's `forceSource` when the device can provide
/// it, else pressure when the device has a pressure axis, else contact size (`ContactSizeAxis`,
/// an estimate) when it reports one, else nothing: force is 1.0 while touching,
/// `maximumPossibleForce` 0, and interactions follow duration (Haptic Touch). Pens learn their
/// resting offset (worn tips report pressure while hovering; `RestingOffsetLearning`) and go down
/// and up by `TipThresholds` with hysteresis, which follow a learned offset.
public struct ForceModel: Hashable, Sendable {
    /// Where force comes from.
    public enum Source: Hashable, Sendable {
        /// A pressure axis (`ABS_MT_PRESSURE` or `ABS_PRESSURE`).
        case pressure(code: EventCode)
        /// Contact size (`ABS_MT_TOUCH_MAJOR` or `ABS_MT_WIDTH_MAJOR`), an estimate.
        case contactSize(code: EventCode)
        /// Nothing: force is 1.0 while touching.
        case none
    }

    /// Where force comes from.
    public let source: Source
    /// The bottom of the raw axis.
    public let minimum: Double
    /// The top of the raw axis.
    public let maximum: Double
    /// The resting offset configured or defaulted (the axis minimum unless a profile says
    /// otherwise); for contact size, the resting contact size.
    public let configuredOffset: Double
    /// The resting offset in use: the configured one, or a learned one (pens).
    public private(set) var offset: Double
    /// The response curve.
    public let curve: PressureCurve
    /// Whether the offset is learned from the pressure at proximity-in (see `RestingOffsetLearning`).
    public let learnsRestingOffset: Bool
    /// Raw units per gram, 0 when the device does not say.
    public let unitsPerGram: Double
    /// The top of the force range for this device (0 when force is not measured).
    public private(set) var maximumPossibleForce: Double
    /// The raw value (pressure, or contact size) of an average touch under the current offset.
    public private(set) var averagePressure: Double
    /// Where a pen tip goes down and up (and any single contact that goes down by pressure).
    public private(set) var tipThresholds: TipThresholds
    /// Whether pressure reads as libinput reads a tablet's (`TipThresholds`): force counts from the
    /// tip-up level (pens: a tablet whose force source is pressure).
    public let countsFromTipUp: Bool

    private let averageRaw: Double?
    private let averageFraction: Double
    /// How the resting offset is being learned (pens), and what was learned.
    public private(set) var restingOffsetLearning: RestingOffsetLearning

    /// Builds the model for `device` with `calibration` (gaps filled from the device kind's defaults).
    public init(device: DeviceDescription, calibration: ForceCalibration = ForceCalibration()) {
        let resolved = calibration.overriding(.defaults(for: device.kind))
        source = Self.source(for: device, preferring: resolved.forceSource)
        let axisInfo: AxisInfo?
        let requestedOffset: Double?
        let requestedCurve: PressureCurve?
        let fraction: Double?
        switch source {
        case .pressure:
            axisInfo = device.pressureAxis?.info
            requestedOffset = resolved.restingOffset
            requestedCurve = resolved.curve
            averageRaw = resolved.averagePressure
            fraction = resolved.averagePressureFraction
        case .contactSize:
            axisInfo = ContactSizeAxis(device: device)?.info
            requestedOffset = resolved.restingContactSize
            requestedCurve = resolved.contactSizeCurve
            averageRaw = resolved.averageContactSize
            fraction = resolved.averageContactSizeFraction
        case .none:
            axisInfo = nil
            requestedOffset = nil
            requestedCurve = nil
            averageRaw = nil
            fraction = nil
        }
        minimum = Double(axisInfo?.minimum ?? 0)
        maximum = Double(axisInfo?.maximum ?? 0)
        let span = maximum - minimum
        if let requestedOffset, requestedOffset >= minimum, requestedOffset < maximum {
            configuredOffset = requestedOffset
        } else {
            configuredOffset = minimum
        }
        offset = configuredOffset
        curve = (requestedCurve?.isValid ?? false) ? requestedCurve! : .linear
        learnsRestingOffset = resolved.learnsRestingOffset ?? false
        var measuresPressure = false
        if case .pressure = source { measuresPressure = true }
        restingOffsetLearning = RestingOffsetLearning(
            enabled: learnsRestingOffset && measuresPressure, distanceAxis: device.axis(AbsCode.distance),
            floor: configuredOffset, minimum: minimum, maximum: maximum)
        // Only a pressure axis's resolution is in units per gram (contact size's is per millimetre).
        unitsPerGram = measuresPressure ? Double(axisInfo?.resolution ?? 0) : 0
        averageFraction = (fraction ?? 0) > 0 && (fraction ?? 0) <= 1 ? fraction! : 0.15
        countsFromTipUp = measuresPressure && device.kind == .tablet
        tipThresholds = TipThresholds(
            minimum: minimum, span: span, downFraction: resolved.tipDownThreshold ?? 0.05,
            upFraction: resolved.tipUpThreshold ?? 0.01, readsAsTablet: countsFromTipUp)
        tipThresholds.apply(offset: configuredOffset > minimum ? configuredOffset : nil)
        maximumPossibleForce = 0
        averagePressure = 0
        updateDerivedValues()
    }

    /// The source for `device`: `preferred` when the device can provide it, else pressure, else
    /// contact size, else none.
    static func source(for device: DeviceDescription, preferring preferred: ForceSource?) -> Source {
        let pressure = device.pressureAxis.map { Source.pressure(code: $0.code) }
        let contactSize = ContactSizeAxis(device: device).map { Source.contactSize(code: $0.code) }
        switch preferred {
        case .duration: return .none
        case .contactSize: if let contactSize { return contactSize }
        case .pressure, nil: break
        }
        return pressure ?? contactSize ?? .none
    }

    /// Whether force is measured (pressure or contact size) rather than assumed.
    public var isAvailable: Bool { source != .none && maximum > minimum }

    /// Whether force is an estimate from contact size.
    public var isEstimated: Bool {
        if case .contactSize = source { return true }
        return false
    }

    /// What drives force and interactions on this device.
    public var forceSource: ForceSource {
        switch source {
        case .pressure: return .pressure
        case .contactSize: return .contactSize
        case .none: return .duration
        }
    }

    /// The raw value of no force: the offset, or for pens (`countsFromTipUp`) the tip-up level,
    /// where libinput's normalized pressure is 0.
    @inlinable
    public var zeroForceLevel: Double { countsFromTipUp ? tipThresholds.up : offset }

    /// The place of `raw` in the range above `zeroForceLevel`, 0...1 (0 when force is not
    /// measured).
    @inlinable
    public func normalizedForce(raw: Int32) -> Double {
        guard isAvailable else { return 0 }
        let zero = zeroForceLevel
        let span = maximum - zero
        guard span > 0 else { return 0 }
        let value = (Double(raw) - zero) / span
        return value < 0 ? 0 : (value > 1 ? 1 : value)
    }

    /// The force of a touch whose normalized pressure is `normalized` (1.0 while touching when
    /// force is not measured).
    @inlinable
    public func force(normalized: Double) -> Double {
        guard isAvailable else { return 1 }
        return curve.apply(normalized) * maximumPossibleForce
    }

    /// The force for a raw value.
    @inlinable
    public func force(raw: Int32) -> Double { force(normalized: normalizedForce(raw: raw)) }

    /// The physical force in grams for `raw`, when the axis resolution says units per gram.
    public func grams(raw: Int32) -> Double? {
        unitsPerGram > 0 ? max(0, Double(raw) - offset) / unitsPerGram : nil
    }

    /// Whether the tip is down at `raw`, given whether it was down before (`TipThresholds`).
    @inlinable
    public func isTipDown(raw: Int32, wasDown: Bool) -> Bool {
        tipThresholds.isDown(raw: raw, wasDown: wasDown)
    }

    /// Takes one frame's pressure and distance (`ABS_DISTANCE`, ignored without that axis) of a pen
    /// in proximity (not the frame it leaves in), learning the resting offset as
    /// `RestingOffsetLearning` says; `isProximityIn` when the pen came into proximity in this frame.
    public mutating func observePen(pressure raw: Int32, distance: Int32, isProximityIn: Bool) {
        guard restingOffsetLearning.observe(pressure: raw, distance: distance, isProximityIn: isProximityIn) else { return }
        offset = restingOffsetLearning.offset ?? configuredOffset
        tipThresholds.apply(offset: offset > minimum ? offset : nil)
        updateDerivedValues()
    }

    private mutating func updateDerivedValues() {
        guard isAvailable else {
            maximumPossibleForce = 0
            averagePressure = 0
            return
        }
        let zero = zeroForceLevel
        guard maximum > zero else {
            maximumPossibleForce = 0
            averagePressure = maximum
            return
        }
        var average = averageRaw ?? (zero + averageFraction * (maximum - zero))
        if average <= zero || average > maximum {
            average = zero + averageFraction * (maximum - zero)
        }
        averagePressure = average
        // The linear curve keeps the formula's own terms (and its rounding); any other curve is
        // divided by its value at the average, so that an average touch is force 1.0.
        let linear = (maximum - zero) / (average - zero)
        let atAverage = curve == .linear ? 0 : curve.apply((average - zero) / (maximum - zero))
        maximumPossibleForce = atAverage > 0 ? 1 / atAverage : linear
    }
}
