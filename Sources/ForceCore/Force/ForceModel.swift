/// Turns one device's raw pressure into UIKit-style force.
///
/// With `offset` the resting pressure, `max` the top of the axis and `average` the raw pressure
/// of an average touch:
/// - `normalizedForce = (raw - offset) / (max - offset)`, clamped to 0...1;
/// - `maximumPossibleForce = (max - offset) / (average - offset)`;
/// - `force = curve(normalizedForce) * maximumPossibleForce`, so 1.0 is an average touch.
///
/// Devices without pressure report force 1.0 while touching and `maximumPossibleForce` 0, unless
/// the calibration asks to estimate force from contact size. Pens learn their resting offset
/// (worn tips report pressure while hovering; `RestingOffsetLearning`) and use tip-down / tip-up
/// thresholds with hysteresis, both relative to the offset.
public struct ForceModel: Hashable, Sendable {
    /// Where force comes from.
    public enum Source: Hashable, Sendable {
        /// A pressure axis (`ABS_MT_PRESSURE` or `ABS_PRESSURE`).
        case pressure(code: UInt16)
        /// Contact size (`ABS_MT_TOUCH_MAJOR`), an estimate.
        case contactSize
        /// Nothing: force is 1.0 while touching.
        case none
    }

    /// Where force comes from.
    public let source: Source
    /// The bottom of the raw axis.
    public let minimum: Double
    /// The top of the raw axis.
    public let maximum: Double
    /// The resting offset configured or defaulted (the axis minimum unless a profile says otherwise).
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
    /// The raw pressure of an average touch under the current offset.
    public private(set) var averagePressure: Double

    private let averageRaw: Double?
    private let averageFraction: Double
    private let tipDownDelta: Double
    private let tipUpDelta: Double
    /// How the resting offset is being learned (pens), and what was learned.
    public private(set) var restingOffsetLearning: RestingOffsetLearning

    /// Builds the model for `device` with `calibration` (gaps filled from the device kind's defaults).
    public init(device: DeviceDescription, calibration: ForceCalibration = ForceCalibration()) {
        let resolved = calibration.overriding(.defaults(for: device.kind))
        let axisInfo: AxisInfo?
        if let pressure = device.pressureAxis {
            source = .pressure(code: pressure.code)
            axisInfo = pressure.info
        } else if resolved.estimatesForceFromContactSize == true, let major = device.axis(AbsCode.mtTouchMajor) {
            source = .contactSize
            axisInfo = major
        } else {
            source = .none
            axisInfo = nil
        }
        minimum = Double(axisInfo?.minimum ?? 0)
        maximum = Double(axisInfo?.maximum ?? 0)
        let span = maximum - minimum
        if let requested = resolved.restingOffset, requested >= minimum, requested < maximum {
            configuredOffset = requested
        } else {
            configuredOffset = minimum
        }
        offset = configuredOffset
        curve = (resolved.curve?.isValid ?? false) ? resolved.curve! : .linear
        learnsRestingOffset = resolved.learnsRestingOffset ?? false
        var pressureAxis = false
        if case .pressure = source { pressureAxis = true }
        restingOffsetLearning = RestingOffsetLearning(
            enabled: learnsRestingOffset && pressureAxis, hasDistanceAxis: device.axis(AbsCode.distance) != nil,
            floor: configuredOffset, minimum: minimum, maximum: maximum)
        // Only a pressure axis's resolution is in units per gram (contact size's is per millimetre).
        if case .pressure = source {
            unitsPerGram = Double(axisInfo?.resolution ?? 0)
        } else {
            unitsPerGram = 0
        }
        averageRaw = resolved.averagePressure
        let fraction = resolved.averagePressureFraction ?? 0.15
        averageFraction = fraction > 0 && fraction <= 1 ? fraction : 0.15
        let down = resolved.tipDownThreshold ?? 0.05
        let up = resolved.tipUpThreshold ?? 0.01
        tipDownDelta = max(down, 0) * span
        tipUpDelta = min(max(up, 0), max(down, 0)) * span
        maximumPossibleForce = 0
        averagePressure = 0
        updateDerivedValues()
    }

    /// Whether force is measured (pressure or contact size) rather than assumed.
    public var isAvailable: Bool { source != .none && maximum > minimum }

    /// Whether force is an estimate from contact size.
    public var isEstimated: Bool { source == .contactSize }

    /// What drives force and interactions on this device.
    public var forceSource: ForceSource {
        switch source {
        case .pressure: return .pressure
        case .contactSize: return .contactSize
        case .none: return .duration
        }
    }

    /// The place of `raw` in the range above the offset, 0...1 (0 when force is not measured).
    @inlinable
    public func normalizedForce(raw: Int32) -> Double {
        guard isAvailable else { return 0 }
        let span = maximum - offset
        guard span > 0 else { return 0 }
        let value = (Double(raw) - offset) / span
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

    /// Whether the tip is down at `raw`, given whether it was down before (hysteresis: down above
    /// offset + tip-down threshold, up again only below offset + tip-up threshold).
    @inlinable
    public func isTipDown(raw: Int32, wasDown: Bool) -> Bool {
        let above = Double(raw) - offset
        return wasDown ? above > tipUpThreshold : above >= tipDownThreshold && above > 0
    }

    /// The raw amount above the offset where a pen tip goes down.
    public var tipDownThreshold: Double { tipDownDelta }
    /// The raw amount above the offset where a pen tip goes up again.
    public var tipUpThreshold: Double { tipUpDelta }

    /// Takes one frame's pressure of a pen in proximity (not the frame it leaves in), learning the
    /// resting offset as `RestingOffsetLearning` says: `isProximityIn` when the pen came into
    /// proximity in this frame, `isHovering` when its distance is above the axis minimum.
    public mutating func observePen(pressure raw: Int32, isProximityIn: Bool, isHovering: Bool) {
        guard restingOffsetLearning.observe(pressure: raw, isProximityIn: isProximityIn, isHovering: isHovering),
              let learned = restingOffsetLearning.offset
        else { return }
        offset = learned
        updateDerivedValues()
    }

    private mutating func updateDerivedValues() {
        guard isAvailable else {
            maximumPossibleForce = 0
            averagePressure = 0
            return
        }
        var average = averageRaw ?? (offset + averageFraction * (maximum - offset))
        if average <= offset || average > maximum {
            average = offset + averageFraction * (maximum - offset)
        }
        averagePressure = average
        maximumPossibleForce = (maximum - offset) / (average - offset)
    }
}
