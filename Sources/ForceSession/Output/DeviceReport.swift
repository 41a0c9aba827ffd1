import ForceCore

/// Human-readable descriptions of devices and their force models, shared by every report.
package enum DeviceReport {
    /// What drives force, starting with the source: `pressure ABS_PRESSURE 0...8191,
    /// maximumPossibleForce 4.17`; `contact size ABS_MT_TOUCH_MAJOR 0...30 (force source
    /// contactSize: estimated, no pressure axis), maximumPossibleForce 6.67`; or, with neither,
    /// `no pressure axis or contact size (force source duration): force is 1.0 while touching,
    /// maximumPossibleForce 0`.
    package static func forceSummary(device: DeviceDescription, model: ForceModel) -> String {
        let maximum = NumberFormat.fixed(model.maximumPossibleForce, decimals: 2)
        switch model.source {
        case .pressure(let code):
            let info = device.axis(code) ?? AxisInfo(minimum: 0, maximum: 0)
            return "pressure \(EventCodeNames.name(type: .abs, code: code)) \(info.minimum)...\(info.maximum), maximumPossibleForce \(maximum)"
        case .contactSize(let code):
            let info = device.axis(code) ?? AxisInfo(minimum: 0, maximum: 0)
            return "contact size \(EventCodeNames.name(type: .abs, code: code)) \(info.minimum)...\(info.maximum) "
                + "(force source contactSize: estimated, no pressure axis), maximumPossibleForce \(maximum)"
        case .none:
            let reason = device.pressureAxis == nil && ContactSizeAxis(device: device) == nil
                ? "no pressure axis or contact size" : "force source chosen by the profile"
            return "\(reason) (force source duration): force is 1.0 while touching, maximumPossibleForce 0"
        }
    }

    /// What a touch held still does on a device whose interactions follow duration (Haptic
    /// Touch): `Haptic Touch: a touch held still begins after 0.15 s, peeks at 0.50 s and pops at
    /// 1.00 s (touch duration fast); moving more than 1.6 mm first is a drag`. On a device whose
    /// force is estimated from contact size, where holding still also drives interactions, it says
    /// `Haptic Touch too (contact size is an estimate), whichever comes first: …`. Nil for pressure.
    package static func hapticTouchSummary(_ interaction: PreviewInteraction) -> String? {
        let timing = interaction.hapticTouchTiming
        func seconds(_ microseconds: Int64) -> String { NumberFormat.fixed(Double(microseconds) / 1_000_000, decimals: 2) }
        let held = "a touch held still begins after \(seconds(timing.beginDelay)) s, peeks at \(seconds(timing.peekTime)) s "
            + "and pops at \(seconds(timing.popTime)) s (touch duration \(interaction.sensitivity.touchDuration.rawValue)); "
            + "moving more than \(slopText(interaction.slop, on: interaction.area)) first is a drag"
        switch interaction.forceSource {
        case .duration: return "Haptic Touch: " + held
        case .contactSize: return "Haptic Touch too (contact size is an estimate), whichever comes first: " + held
        case .pressure: return nil
        }
    }

    /// `1.6 mm`, or `1/32 of the shorter side (25 units)` where the resolution is unknown.
    package static func slopText(_ slop: TouchSlop, on area: DeviceArea?) -> String {
        guard let area else { return "any distance (no position axes)" }
        if area.hasResolution { return "\(NumberFormat.trimmed(slop.millimetres, decimals: 2)) mm" }
        let units = NumberFormat.trimmed(slop.fractionOfShorterSide * area.shorterSide, decimals: 1)
        let fraction = slop.fractionOfShorterSide > 0 && (1 / slop.fractionOfShorterSide).rounded() == 1 / slop.fractionOfShorterSide
            ? "1/\(Int(1 / slop.fractionOfShorterSide))" : NumberFormat.trimmed(slop.fractionOfShorterSide, decimals: 3)
        return "\(fraction) of the shorter side (\(units) units)"
    }

    /// For `list` and `doctor`, on a touch or tablet device without a pressure axis: what drives
    /// force instead. `model` is nil when the device could not be opened (its ranges unknown).
    /// `force source contactSize: ABS_MT_TOUCH_MAJOR 0...255, estimated, up to 6.67`, or `force
    /// source duration: a touch held still previews and commits (Haptic Touch)`.
    package static func pressurelessSummary(device: DeviceDescription, model: ForceModel?) -> String {
        guard let model else {
            return "force from contact size where the device reports it, else from the time a touch is held still (Haptic Touch); "
                + "open the device to tell which"
        }
        switch model.source {
        case .contactSize(let code):
            let info = device.axis(code) ?? AxisInfo(minimum: 0, maximum: 0)
            return "force source contactSize: \(EventCodeNames.name(type: .abs, code: code)) \(info.minimum)...\(info.maximum), estimated, "
                + "up to \(NumberFormat.trimmed(model.maximumPossibleForce, decimals: 2))"
        case .pressure, .none:
            return "force source \(model.forceSource.rawValue): a touch held still previews and commits (Haptic Touch)"
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
