/// ForceBridge's settings that a device carries in its udev properties: the `FORCEBRIDGE_*`
/// values that the udev hardware database (`udev-rules/70-forcebridge.hwdb`, or a local hwdb file
/// or rule) attaches to an event node.
///
/// They form the layer between the built-in defaults and the user's profiles. Each value is
/// checked on its own; an invalid one is left out and recorded in `problems`, so that a typo in a
/// hwdb entry costs that one setting (with a warning) and never the device. `FORCEBRIDGE_*`
/// properties that ForceBridge does not know are reported too: they are most likely misspelt.
/// The property names and formats are documented in `udev-rules/README.md`.
public struct UdevDeviceSettings: Hashable, Sendable {
    /// The udev properties ForceBridge reads.
    public enum Property: String, CaseIterable, Sendable {
        /// `pressure`, `contactSize` or `duration`: the force source to use when the device can
        /// provide it, instead of the automatic choice.
        case forceSource = "FORCEBRIDGE_FORCE_SOURCE"
        /// Raw pressure of an average touch (force 1.0), in axis units.
        case averagePressure = "FORCEBRIDGE_AVERAGE_PRESSURE"
        /// The average touch as a fraction of the range above the resting offset, 0 < f ≤ 1.
        case averagePressureFraction = "FORCEBRIDGE_AVERAGE_PRESSURE_FRACTION"
        /// Raw pressure at rest (force 0), in axis units.
        case restingOffset = "FORCEBRIDGE_RESTING_OFFSET"
        /// `1` to learn the resting offset at proximity-in (worn pens), `0` not to.
        case learnsRestingOffset = "FORCEBRIDGE_LEARN_RESTING_OFFSET"
        /// Pen tip-down threshold, a fraction 0...1 of the range above the offset.
        case tipDown = "FORCEBRIDGE_TIP_DOWN"
        /// Pen tip-up threshold, a fraction 0...1 of the range above the offset.
        case tipUp = "FORCEBRIDGE_TIP_UP"
        /// `linear`, `gamma:G` or `bezier:X1,Y1,X2,Y2`.
        case pressureCurve = "FORCEBRIDGE_PRESSURE_CURVE"
        /// Contact size of an average touch (force 1.0), in axis units.
        case averageContactSize = "FORCEBRIDGE_AVERAGE_CONTACT_SIZE"
        /// The average touch's contact size as a fraction of the range above the resting size, 0 < f ≤ 1.
        case averageContactSizeFraction = "FORCEBRIDGE_AVERAGE_CONTACT_SIZE_FRACTION"
        /// Contact size of a resting touch (force 0), in axis units.
        case restingContactSize = "FORCEBRIDGE_RESTING_CONTACT_SIZE"
        /// `linear`, `gamma:G` or `bezier:X1,Y1,X2,Y2`, for contact size.
        case contactSizeCurve = "FORCEBRIDGE_CONTACT_SIZE_CURVE"
        /// Deprecated: `1` is `FORCEBRIDGE_FORCE_SOURCE=contactSize`; `0`, once the default, now
        /// leaves the automatic choice (which uses contact size on devices without pressure).
        case estimatesForceFromContactSize = "FORCEBRIDGE_ESTIMATE_FORCE_FROM_CONTACT_SIZE"
        /// The shortest perceptible vibration on this device's motor, in milliseconds.
        case hapticMinimumDuration = "FORCEBRIDGE_HAPTIC_MIN_DURATION_MS"
        /// The strength of every effect on this device, 0...1.
        case hapticStrength = "FORCEBRIDGE_HAPTIC_STRENGTH"
    }

    /// The property ForceBridge's udev rule sets to say why it granted access (`touchscreen`,
    /// `pen`, `pad`, `haptic`). It is not a setting, and not an unknown property either.
    public static let accessProperty = "FORCEBRIDGE_ACCESS"

    /// The force calibration the properties give (nil fields: not set, or invalid).
    public var calibration = ForceCalibration()
    /// The haptic calibration the properties give.
    public var haptics = HapticCalibration()
    /// The properties that were set but ignored, in property-name order.
    public var problems: [UdevPropertyProblem] = []
    /// The valid settings as `NAME=value`, in property-name order (for reports).
    public var applied: [String] = []

    /// Reads the settings of a device with `udevProperties`. When the device's pressure axis (or
    /// contact size axis) is known, raw pressures (or contact sizes) are also checked against its range.
    public init(udevProperties: [String: String], pressureAxis: AxisInfo? = nil, contactSizeAxis: AxisInfo? = nil) {
        for name in udevProperties.keys.sorted() where name.hasPrefix("FORCEBRIDGE_") && name != Self.accessProperty {
            let value = udevProperties[name] ?? ""
            guard let property = Property(rawValue: name) else {
                problems.append(UdevPropertyProblem(property: name, value: value, expected: "one of \(Property.allCases.map(\.rawValue).joined(separator: ", ")) (unknown property)"))
                continue
            }
            let axis = Self.contactSizeProperties.contains(property) ? contactSizeAxis : pressureAxis
            if let expected = apply(property, value.trimmingSpaces(), axis: axis) {
                problems.append(UdevPropertyProblem(property: name, value: value, expected: expected))
            } else {
                applied.append("\(name)=\(value.trimmingSpaces())")
            }
        }
        if let down = calibration.tipDownThreshold, let up = calibration.tipUpThreshold, up > down {
            problems.append(UdevPropertyProblem(
                property: Property.tipUp.rawValue, value: udevProperties[Property.tipUp.rawValue] ?? "",
                expected: "a fraction at most \(Property.tipDown.rawValue) (\(down))"))
            calibration.tipUpThreshold = nil
            applied.removeAll { $0.hasPrefix(Property.tipUp.rawValue + "=") }
        }
        if let axis = pressureAxis, let offset = calibration.restingOffset, let average = calibration.averagePressure,
           average <= offset {
            reject(.averagePressure, udevProperties, expected: "a pressure above \(Property.restingOffset.rawValue) "
                + "(\(Self.format(offset))) and at most the axis maximum \(axis.maximum)")
            calibration.averagePressure = nil
        }
        if let axis = contactSizeAxis, let offset = calibration.restingContactSize, let average = calibration.averageContactSize,
           average <= offset {
            reject(.averageContactSize, udevProperties, expected: "a contact size above \(Property.restingContactSize.rawValue) "
                + "(\(Self.format(offset))) and at most the axis maximum \(axis.maximum)")
            calibration.averageContactSize = nil
        }
    }

    /// The properties whose raw values are contact sizes.
    static let contactSizeProperties: Set<Property> = [.averageContactSize, .restingContactSize]

    /// Records `property`, applied until now, as a problem after all.
    private mutating func reject(_ property: Property, _ udevProperties: [String: String], expected: String) {
        problems.append(UdevPropertyProblem(property: property.rawValue, value: udevProperties[property.rawValue] ?? "", expected: expected))
        applied.removeAll { $0.hasPrefix(property.rawValue + "=") }
    }

    /// The settings of `device`, from its udev properties, checked against its pressure and
    /// contact size axes.
    public init(device: DeviceDescription) {
        self.init(
            udevProperties: device.udevProperties, pressureAxis: device.pressureAxis?.info,
            contactSizeAxis: ContactSizeAxis(device: device)?.info)
    }

    /// Whether the properties hold no ForceBridge setting at all, valid or not.
    public var isEmpty: Bool { applied.isEmpty && problems.isEmpty }

    /// Stores one property's value; returns what was expected when the value is invalid.
    private mutating func apply(_ property: Property, _ text: String, axis: AxisInfo?) -> String? {
        switch property {
        case .forceSource:
            guard let source = ForceSource(rawValue: text) else {
                return ForceSource.allCases.map(\.rawValue).joined(separator: ", ") + " (one of them)"
            }
            calibration.forceSource = source
        case .averageContactSize, .restingContactSize:
            let expected = axis.map { "a raw contact size from the axis minimum \($0.minimum) to its maximum \($0.maximum)" }
                ?? "a raw contact size (a number in axis units)"
            guard let value = Self.number(text) else { return expected }
            if let axis, value < Double(axis.minimum) || value > Double(axis.maximum) { return expected }
            if property == .averageContactSize { calibration.averageContactSize = value } else { calibration.restingContactSize = value }
        case .averageContactSizeFraction:
            guard let value = Self.number(text), value > 0, value <= 1 else { return "a fraction above 0 and at most 1" }
            calibration.averageContactSizeFraction = value
        case .contactSizeCurve:
            guard let curve = Self.curve(text) else {
                return "linear, gamma:G with G > 0, or bezier:X1,Y1,X2,Y2 with each value from 0 to 1"
            }
            calibration.contactSizeCurve = curve
        case .averagePressure:
            let expected = axis.map { "a raw pressure above the resting offset and at most the axis maximum \($0.maximum)" }
                ?? "a raw pressure (a number in axis units)"
            guard let value = Self.number(text) else { return expected }
            if let axis, value <= Double(axis.minimum) || value > Double(axis.maximum) { return expected }
            calibration.averagePressure = value
        case .averagePressureFraction:
            guard let value = Self.number(text), value > 0, value <= 1 else { return "a fraction above 0 and at most 1" }
            calibration.averagePressureFraction = value
        case .restingOffset:
            let expected = axis.map { "a raw pressure from the axis minimum \($0.minimum) to below its maximum \($0.maximum)" }
                ?? "a raw pressure (a number in axis units)"
            guard let value = Self.number(text) else { return expected }
            if let axis, value < Double(axis.minimum) || value >= Double(axis.maximum) { return expected }
            calibration.restingOffset = value
        case .learnsRestingOffset:
            guard let value = Self.flag(text) else { return "0 or 1" }
            calibration.learnsRestingOffset = value
        case .tipDown, .tipUp:
            guard let value = Self.number(text), (0...1).contains(value) else { return "a fraction from 0 to 1" }
            if property == .tipDown { calibration.tipDownThreshold = value } else { calibration.tipUpThreshold = value }
        case .pressureCurve:
            guard let curve = Self.curve(text) else {
                return "linear, gamma:G with G > 0, or bezier:X1,Y1,X2,Y2 with each value from 0 to 1"
            }
            calibration.curve = curve
        case .estimatesForceFromContactSize:
            guard let value = Self.flag(text) else { return "0 or 1" }
            // FORCEBRIDGE_FORCE_SOURCE, read after it (names in order), wins.
            if value { calibration.forceSource = .contactSize }
        case .hapticMinimumDuration:
            let range = HapticCalibration.minimumDurationRange
            guard let value = Int(text), range.contains(value) else {
                return "whole milliseconds from \(range.lowerBound) to \(range.upperBound)"
            }
            haptics.minimumDurationMilliseconds = value
        case .hapticStrength:
            let range = HapticCalibration.strengthRange
            guard let value = Self.number(text), range.contains(value) else {
                return "a strength from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
            }
            haptics.strength = value
        }
        return nil
    }

    /// A finite decimal number (no `nan`, `inf` or hexadecimal forms, which `Double(_:)` accepts).
    static func number(_ text: String) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
              let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// `0` or `1`.
    static func flag(_ text: String) -> Bool? {
        switch text {
        case "0": return false
        case "1": return true
        default: return nil
        }
    }

    /// `linear`, `gamma:G` or `bezier:X1,Y1,X2,Y2`, valid as `PressureCurve.isValid` says.
    static func curve(_ text: String) -> PressureCurve? {
        let curve: PressureCurve?
        if text == "linear" {
            curve = .linear
        } else if text.hasPrefix("gamma:") {
            curve = number(String(text.dropFirst("gamma:".count))).map { .gamma($0) }
        } else if text.hasPrefix("bezier:") {
            let values = text.dropFirst("bezier:".count).split(separator: ",", omittingEmptySubsequences: false)
                .map { number($0.trimmingSpaces()) }
            if values.count == 4, let x1 = values[0], let y1 = values[1], let x2 = values[2], let y2 = values[3] {
                curve = .bezier(x1: x1, y1: y1, x2: x2, y2: y2)
            } else {
                curve = nil
            }
        } else {
            curve = nil
        }
        guard let curve, curve.isValid else { return nil }
        return curve
    }

    /// `12`, `0.5`: a number as a person would write it.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
