/// Whether a device may be twinned, and how its pressure is rewritten: pens (and other single
/// contacts with a pressure axis) by their tip, touchscreens with `ABS_MT_PRESSURE` per contact.
/// Everything else is refused with a one-line reason: keyboards, mice, tablet pads, touchpads
/// (their pressure serves palm and thumb detection, not strokes), force-feedback devices (a twin
/// cannot play their effects), twins (never a twin of a twin), and touch or tablet devices without
/// a pressure axis (there is nothing to calibrate).
public enum TwinEligibility: Hashable, Sendable {
    /// A pen, or a single-touch screen with `ABS_PRESSURE`: the tip goes down and up by pressure,
    /// and `BTN_TOUCH` follows it.
    case tip(PressureAxis)
    /// A multitouch screen with `ABS_MT_PRESSURE`: each contact's pressure is reshaped; contacts
    /// begin and end by their tracking ids, as before.
    case contacts(PressureAxis)
    /// Not twinned, and why (one line, naming the device).
    case refused(String)

    /// The eligibility of `device`.
    public init(_ device: DeviceDescription) {
        let name = "'\(device.name)'"
        let classification = device.classification
        if device.isTwin {
            self = .refused("\(name) is a ForceBridge twin already; twin the original device instead")
            return
        }
        if classification.isKeyboard || classification.hasKeys {
            self = .refused("\(name) has keys; keyboards are never twinned (a copy would see every key pressed)")
            return
        }
        if classification.isMouse || classification.isPointingStick {
            self = .refused("\(name) is a mouse; only pens and pressure touchscreens are twinned")
            return
        }
        if classification.isTabletPad {
            self = .refused("\(name) is a tablet pad (buttons, rings, strips); only its pen is twinned")
            return
        }
        if device.hasForceFeedback {
            self = .refused("\(name) has force feedback, which a twin cannot play; it is not twinned")
            return
        }
        switch classification.kind {
        case .touchpad:
            self = .refused("\(name) is a touchpad; its pressure serves palm and thumb detection, so it is not twinned")
        case .other:
            self = .refused("\(name) is neither a pen nor a touchscreen; only those are twinned")
        case .tablet, .touchscreen:
            guard let axis = device.pressureAxis, axis.info.maximum > axis.info.minimum else {
                let what = classification.kind == .tablet ? "pen" : "touchscreen"
                self = .refused("\(name) is a \(what) without pressure (no usable ABS_PRESSURE or ABS_MT_PRESSURE); there is nothing to calibrate")
                return
            }
            self = axis.code == AbsCode.mtPressure ? .contacts(axis) : .tip(axis)
        }
    }

    /// The reason a device is refused, nil when it may be twinned.
    public var refusal: String? {
        if case .refused(let reason) = self { return reason }
        return nil
    }
}
