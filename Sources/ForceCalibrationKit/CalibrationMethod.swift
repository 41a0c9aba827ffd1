import ForceCore

/// What a device's calibration measures.
public enum CalibrationMethod: Hashable, Sendable {
    /// A pressure axis: where a pen rests, an average touch, the curve and the thresholds.
    case pressure(PressureAxis)
    /// No pressure axis, but contact size (`ABS_MT_TOUCH_MAJOR`, or `ABS_MT_WIDTH_MAJOR`, in its
    /// axis units): calibrated like pressure, with its own settings; force from it is an estimate.
    case contactSize(ContactSizeAxis)

    /// The axis measured.
    public var axis: AxisInfo {
        switch self {
        case .pressure(let pressure): return pressure.info
        case .contactSize(let size): return size.info
        }
    }

    /// The kernel name of the axis measured (`ABS_PRESSURE`, `ABS_MT_TOUCH_MAJOR`).
    public var axisName: String {
        switch self {
        case .pressure(let pressure): return pressure.name
        case .contactSize(let size): return size.name
        }
    }

    /// What is measured, for messages: `pressure` or `contact size`.
    public var quantity: String {
        switch self {
        case .pressure: return "pressure"
        case .contactSize: return "contact size"
        }
    }
}

/// Whether a device can be calibrated, and how.
///
/// Keyboards, mice and anything else that is not a touchscreen, touchpad or pen are refused:
/// calibrating means recording the device, and ForceBridge never records what could carry typed
/// text or the pointer of a whole desktop. Touch devices without pressure are calibrated by
/// contact size when they report it; with neither there is nothing to measure: such devices take
/// force from how long a touch is held (Haptic Touch), whose touch duration is a preference.
public enum CalibrationAvailability: Hashable, Sendable {
    /// The device can be calibrated this way.
    case available(CalibrationMethod)
    /// A touch device with nothing to measure; the reason says what drives force instead.
    case nothingToCalibrate(reason: String)
    /// Not a device ForceBridge calibrates; the reason says why.
    case refused(reason: String)

    /// What calibrating `device` can do.
    public init(device: DeviceDescription) {
        let classification = device.classification
        if classification.isKeyboard || classification.hasKeys {
            self = .refused(reason: "\"\(device.name)\" has keys (\(classification.isKeyboard ? "a keyboard" : "ID_INPUT_KEY")): "
                + "ForceBridge never records devices that could carry typed text")
            return
        }
        guard device.kind != .other else {
            let what = classification.isMouse ? "a mouse" : (classification.isJoystick ? "a joystick" : "not a touchscreen, touchpad or pen")
            self = .refused(reason: "\"\(device.name)\" is \(what): only touchscreens, touchpads and pens are calibrated")
            return
        }
        if let pressure = device.pressureAxis, pressure.info.maximum > pressure.info.minimum {
            self = .available(.pressure(pressure))
        } else if let size = ContactSizeAxis(device: device) {
            self = .available(.contactSize(size))
        } else {
            self = .nothingToCalibrate(reason: "\"\(device.name)\" reports neither pressure nor contact size: force comes from "
                + "how long a touch is held (Haptic Touch), and the touch duration is a preference, not a measurement")
        }
    }

    /// The method, when the device can be calibrated.
    public var method: CalibrationMethod? {
        if case .available(let method) = self { return method }
        return nil
    }
}
