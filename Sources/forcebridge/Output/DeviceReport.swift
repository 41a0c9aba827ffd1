import ForceCore

/// Human-readable descriptions of devices and their force models.
enum DeviceReport {
    /// `pressure ABS_PRESSURE 0...8191, maximumPossibleForce 4.17` or the no-pressure explanation.
    static func forceSummary(device: DeviceDescription, model: ForceModel) -> String {
        switch model.source {
        case .pressure:
            let axis = device.pressureAxis!
            return "pressure \(axis.name) \(axis.info.minimum)...\(axis.info.maximum), maximumPossibleForce \(fixed(model.maximumPossibleForce, 2))"
        case .contactSize:
            return "no pressure axis; force estimated from ABS_MT_TOUCH_MAJOR, maximumPossibleForce \(fixed(model.maximumPossibleForce, 2))"
        case .none:
            return "no pressure axis: force is 1.0 while touching, maximumPossibleForce 0"
        }
    }

    /// How the device reports contacts.
    static func protocolName(_ device: DeviceDescription) -> String {
        if device.usesSlots { return "multitouch protocol B, \(device.slotCount) slots" }
        if device.isMultitouch { return "multitouch protocol A (anonymous contacts)" }
        if device.supports(.key, code: KeyCode.toolPen) { return "single contact, pen with proximity" }
        return "single contact"
    }

    /// The udev-style classification flags that are set.
    static func classificationFlags(_ classification: DeviceClassification) -> [String] {
        var flags: [String] = []
        if classification.isTouchscreen { flags.append("ID_INPUT_TOUCHSCREEN") }
        if classification.isTablet { flags.append("ID_INPUT_TABLET") }
        if classification.isTabletPad { flags.append("ID_INPUT_TABLET_PAD") }
        if classification.isTouchpad { flags.append("ID_INPUT_TOUCHPAD") }
        if classification.isMouse { flags.append("ID_INPUT_MOUSE") }
        if classification.isJoystick { flags.append("ID_INPUT_JOYSTICK") }
        if classification.isAccelerometer { flags.append("ID_INPUT_ACCELEROMETER") }
        if classification.isPointingStick { flags.append("ID_INPUT_POINTINGSTICK") }
        if classification.hasKeys { flags.append("ID_INPUT_KEY") }
        if classification.isKeyboard { flags.append("ID_INPUT_KEYBOARD") }
        if classification.isHaptic { flags.append("force feedback") }
        return flags
    }
}
