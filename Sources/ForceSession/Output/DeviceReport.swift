import ForceCore

/// Human-readable descriptions of devices and their force models, shared by every report.
package enum DeviceReport {
    /// `pressure ABS_PRESSURE 0...8191, maximumPossibleForce 4.17` or the no-pressure explanation.
    package static func forceSummary(device: DeviceDescription, model: ForceModel) -> String {
        switch model.source {
        case .pressure:
            let axis = device.pressureAxis!
            return "pressure \(axis.name) \(axis.info.minimum)...\(axis.info.maximum), maximumPossibleForce \(NumberFormat.fixed(model.maximumPossibleForce, decimals: 2))"
        case .contactSize:
            return "no pressure axis; force estimated from ABS_MT_TOUCH_MAJOR, maximumPossibleForce \(NumberFormat.fixed(model.maximumPossibleForce, decimals: 2))"
        case .none:
            return "no pressure axis: force is 1.0 while touching, maximumPossibleForce 0"
        }
    }

    /// How the device reports contacts.
    package static func protocolName(_ device: DeviceDescription) -> String {
        if device.usesSlots { return "multitouch protocol B, \(device.slotCount) slots" }
        if device.isMultitouch { return "multitouch protocol A (anonymous contacts)" }
        if device.supports(.key, code: KeyCode.toolPen) { return "single contact, pen with proximity" }
        return "single contact"
    }

    /// The udev-style classification flags that are set.
    package static func classificationFlags(_ classification: DeviceClassification) -> [String] {
        let flags: [(Bool, String)] = [
            (classification.isTouchscreen, "ID_INPUT_TOUCHSCREEN"), (classification.isTablet, "ID_INPUT_TABLET"),
            (classification.isTabletPad, "ID_INPUT_TABLET_PAD"), (classification.isTouchpad, "ID_INPUT_TOUCHPAD"),
            (classification.isMouse, "ID_INPUT_MOUSE"), (classification.isJoystick, "ID_INPUT_JOYSTICK"),
            (classification.isAccelerometer, "ID_INPUT_ACCELEROMETER"), (classification.isPointingStick, "ID_INPUT_POINTINGSTICK"),
            (classification.hasKeys, "ID_INPUT_KEY"), (classification.isKeyboard, "ID_INPUT_KEYBOARD"),
            (classification.isHaptic, "force feedback"),
        ]
        return flags.filter(\.0).map(\.1)
    }

    /// `1 touch`, `2 touches`.
    package static func plural(_ count: Int, _ singular: String, _ pluralForm: String) -> String {
        "\(count) \(count == 1 ? singular : pluralForm)"
    }
}
