/// What an input device is and what it can report: the part of an evdev device that does not
/// change while it is open. Built from the kernel (live devices) or a recording's header.
public struct DeviceDescription: Hashable, Sendable {
    /// The device name (`EVIOCGNAME`).
    public var name: String
    /// Bus, vendor, product and version.
    public var id: InputID
    /// Physical location (`EVIOCGPHYS`), if known.
    public var physicalLocation: String?
    /// Unique identifier (`EVIOCGUNIQ`), if known.
    public var uniqueIdentifier: String?
    /// Device properties (`INPUT_PROP_*`).
    public var properties: PropertySet
    /// Supported event types (`EV_*` bitmask).
    public private(set) var types: TypeSet
    /// Supported codes per type.
    public private(set) var codes: [EventType: CodeSet]
    /// Absolute axis ranges by `ABS_*` code.
    public var axes: [EventCode: AxisInfo]
    /// Number of simultaneous force-feedback effects (`EVIOCGEFFECTS`), 0 when unknown or none.
    public var forceFeedbackEffectSlots: Int
    /// udev properties of the device node (`ID_INPUT_*`, hwdb calibration), empty when unknown.
    public var udevProperties: [String: String]

    /// Creates a description.
    public init(
        name: String,
        id: InputID = InputID(),
        physicalLocation: String? = nil,
        uniqueIdentifier: String? = nil,
        properties: PropertySet = PropertySet(),
        codes: [EventType: CodeSet] = [:],
        axes: [EventCode: AxisInfo] = [:],
        forceFeedbackEffectSlots: Int = 0,
        udevProperties: [String: String] = [:]
    ) {
        self.name = name
        self.id = id
        self.physicalLocation = physicalLocation
        self.uniqueIdentifier = uniqueIdentifier
        self.properties = properties
        self.types = TypeSet([.syn])
        self.codes = [:]
        self.axes = [:]
        self.forceFeedbackEffectSlots = forceFeedbackEffectSlots
        self.udevProperties = udevProperties
        for (type, set) in codes { for code in set { enable(type, code: code) } }
        for (code, info) in axes { enable(.abs, code: code, axis: info) }
    }

    /// Declares support for `type` without any code (e.g. `EV_SYN`, `EV_REP`).
    public mutating func enable(_ type: EventType) {
        types.insert(type)
    }

    /// Declares support for `code` of `type`; absolute axes take their range from `axis`.
    public mutating func enable(_ type: EventType, code: EventCode, axis: AxisInfo? = nil) {
        types.insert(type)
        codes[type, default: CodeSet()].insert(code)
        if type == .abs { axes[code] = axis ?? axes[code] ?? AxisInfo(minimum: 0, maximum: 0) }
    }

    /// Removes `code` of `type`.
    public mutating func disable(_ type: EventType, code: EventCode) {
        codes[type]?.remove(code)
        if type == .abs { axes[code] = nil }
    }

    /// Whether the device reports events of `type`.
    public func supports(_ type: EventType) -> Bool { types.contains(type) }

    /// Whether the device reports `code` of `type`.
    public func supports(_ type: EventType, code: EventCode) -> Bool {
        codes[type]?.contains(code) ?? false
    }

    /// Whether the device has the property `property` (`INPUT_PROP_*`).
    public func hasProperty(_ property: UInt16) -> Bool { properties.contains(property) }

    /// The codes of `type` that the device reports.
    public func codes(of type: EventType) -> CodeSet { codes[type] ?? CodeSet() }

    /// The range of absolute axis `code`, if the device has it.
    public func axis(_ code: EventCode) -> AxisInfo? {
        supports(.abs, code: code) ? axes[code] : nil
    }

    /// Whether the device speaks the multitouch protocol (real MT axes, not "fake MT").
    public var isMultitouch: Bool {
        supports(.abs, code: AbsCode.mtPositionX) && supports(.abs, code: AbsCode.mtPositionY) && !hasFakeMultitouch
    }

    /// Whether the device claims every absolute axis up to `ABS_MT_SLOT`, which means its MT
    /// axes are not real (udev's and libevdev's "fake MT" rule).
    public var hasFakeMultitouch: Bool {
        supports(.abs, code: AbsCode.mtSlot) && supports(.abs, code: EventCode(AbsCode.mtSlot.rawValue - 1))
    }

    /// Whether the device uses MT protocol B (slots).
    public var usesSlots: Bool { isMultitouch && supports(.abs, code: AbsCode.mtSlot) }

    /// Number of MT slots (protocol B), 0 without slots.
    public var slotCount: Int {
        guard usesSlots, let slot = axes[AbsCode.mtSlot] else { return 0 }
        return max(0, Int(slot.maximum) - Int(slot.minimum) + 1)
    }

    /// The axis that carries pressure: `ABS_MT_PRESSURE` on MT devices, else `ABS_PRESSURE`, else none.
    public var pressureAxis: PressureAxis? {
        if isMultitouch, let info = axis(AbsCode.mtPressure) {
            return PressureAxis(code: AbsCode.mtPressure, info: info)
        }
        if let info = axis(AbsCode.pressure) {
            return PressureAxis(code: AbsCode.pressure, info: info)
        }
        return nil
    }

    /// How udev's input_id rules classify this device.
    public var classification: DeviceClassification { DeviceClassification(self) }

    /// The kind of device, for display and for choosing defaults.
    public var kind: DeviceKind { classification.kind }

    /// Whether the device has force feedback (`EV_FF` with at least one effect type).
    public var hasForceFeedback: Bool { supports(.ff) && !codes(of: .ff).isEmpty }
}

/// The absolute axis a device reports pressure on.
public struct PressureAxis: Hashable, Sendable {
    /// `ABS_MT_PRESSURE` or `ABS_PRESSURE`.
    public var code: EventCode
    /// The axis range.
    public var info: AxisInfo

    /// The kernel name of the axis.
    public var name: String { EventCodeNames.name(type: .abs, code: code) }
}
