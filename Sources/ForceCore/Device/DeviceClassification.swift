/// The classification udev's `input_id` builtin gives a device, computed from its capabilities.
///
/// This is what ForceBridge uses when there is no udev database (a recording, a container, a
/// guest without udevd). The rules, in udev's order: absolute X/Y plus `BTN_STYLUS` or
/// `BTN_TOOL_PEN` is a tablet; `BTN_TOOL_FINGER` without a pen and without `INPUT_PROP_DIRECT`
/// is a touchpad; mouse buttons make an absolute mouse; `BTN_TOUCH` or `INPUT_PROP_DIRECT` is a
/// touchscreen; the same tests repeat for MT axes, ignoring "fake MT" devices that claim every axis.
/// Keys in the first block (escape, digits, Q to D) make a keyboard.
public struct DeviceClassification: Hashable, Sendable {
    /// `ID_INPUT_TOUCHSCREEN`.
    public var isTouchscreen = false
    /// `ID_INPUT_TABLET`.
    public var isTablet = false
    /// `ID_INPUT_TABLET_PAD`.
    public var isTabletPad = false
    /// `ID_INPUT_TOUCHPAD`.
    public var isTouchpad = false
    /// `ID_INPUT_MOUSE`.
    public var isMouse = false
    /// `ID_INPUT_JOYSTICK`.
    public var isJoystick = false
    /// `ID_INPUT_ACCELEROMETER`.
    public var isAccelerometer = false
    /// `ID_INPUT_POINTINGSTICK`.
    public var isPointingStick = false
    /// `ID_INPUT_KEY`: the device has keys (not only buttons).
    public var hasKeys = false
    /// `ID_INPUT_KEYBOARD`: the device has a keyboard's first block of keys.
    public var isKeyboard = false
    /// `EV_FF` with at least one effect: the device can play haptics.
    public var isHaptic = false

    /// Classifies `device` by its capabilities.
    public init(_ device: DeviceDescription) {
        let keys = device.codes(of: .key)
        let abs = device.codes(of: .abs)
        let rel = device.codes(of: .rel)
        let hasKeyType = device.supports(.key)
        isHaptic = device.hasForceFeedback

        let hasAbsCoordinates = abs.contains(AbsCode.x) && abs.contains(AbsCode.y)
        let has3DCoordinates = hasAbsCoordinates && abs.contains(AbsCode.z)
        isAccelerometer = device.hasProperty(InputProperty.accelerometer) || (!hasKeyType && has3DCoordinates)
        defer { classifyKeys(keys) }
        if isAccelerometer { return }

        isPointingStick = device.hasProperty(InputProperty.pointingStick)
        let hasStylus = keys.contains(KeyCode.buttonStylus)
        let hasPen = keys.contains(KeyCode.toolPen)
        let fingerButNoPen = keys.contains(KeyCode.toolFinger) && !hasPen
        let hasMouseButton = keys.containsAny(in: KeyCode.buttonMouse..<KeyCode.buttonJoystick)
        let hasRelCoordinates = device.supports(.rel) && rel.contains(RelCode.x) && rel.contains(RelCode.y)
        let hasMTCoordinates = abs.contains(AbsCode.mtPositionX) && abs.contains(AbsCode.mtPositionY)
            && !device.hasFakeMultitouch
        let isDirect = device.hasProperty(InputProperty.direct)
        let hasTouch = keys.contains(KeyCode.touch)
        let hasPadButtons = keys.contains(KeyCode.button0) && keys.contains(KeyCode.button1) && !hasPen
        let hasWheel = device.supports(.rel) && (rel.contains(RelCode.wheel) || rel.contains(RelCode.horizontalWheel))

        var hasJoystickAxesOrButtons = false
        if !keys.contains(EventCode(KeyCode.buttonJoystick.rawValue - 1)) {
            hasJoystickAxesOrButtons = keys.containsAny(in: KeyCode.buttonJoystick..<KeyCode.buttonDigi)
                || keys.containsAny(in: KeyCode.buttonTriggerHappy1...KeyCode.buttonTriggerHappy40)
                || keys.containsAny(in: KeyCode.buttonDpadUp...KeyCode.buttonDpadRight)
        }
        if !hasJoystickAxesOrButtons {
            hasJoystickAxesOrButtons = abs.containsAny(in: AbsCode.rx..<AbsCode.pressure)
        }

        if hasAbsCoordinates {
            if hasStylus || hasPen {
                isTablet = true
            } else if fingerButNoPen && !isDirect {
                isTouchpad = true
            } else if hasMouseButton {
                isMouse = true  // absolute mice, e.g. virtual machines' USB tablets without touch
            } else if hasTouch || isDirect {
                isTouchscreen = true
            } else if hasJoystickAxesOrButtons {
                isJoystick = true
            }
        } else if hasJoystickAxesOrButtons {
            isJoystick = true
        }

        if hasMTCoordinates {
            if hasStylus || hasPen {
                isTablet = true
            } else if fingerButNoPen && !isDirect {
                isTouchpad = true
            } else if hasTouch || isDirect {
                isTouchscreen = true
            }
        }

        if isTablet && hasPadButtons { isTabletPad = true }
        if hasPadButtons && hasWheel && !hasRelCoordinates {
            isTablet = true
            isTabletPad = true
        }
        if !isTablet && !isTouchpad && !isJoystick && hasMouseButton && (hasRelCoordinates || !hasAbsCoordinates) {
            isMouse = true
        }
    }

    private mutating func classifyKeys(_ keys: CodeSet) {
        // Keys proper live below BTN_MISC and above the button blocks (KEY_OK and later).
        hasKeys = keys.containsAny(in: 1..<KeyCode.buttonMisc)
            || keys.containsAny(in: 0x160..<KeyCode.buttonDpadUp)
            || keys.containsAny(in: 0x230..<KeyCode.buttonTriggerHappy1)
        // Escape, the digits and Q to D: the first 31 key codes after KEY_RESERVED.
        isKeyboard = (1...31).allSatisfy { keys.contains(EventCode(UInt16($0))) }
    }

    /// The single kind used for display and defaults. A tablet pad (buttons, no pen) is `other`.
    public var kind: DeviceKind {
        if isTablet && !isTabletPad { return .tablet }
        if isTouchscreen { return .touchscreen }
        if isTouchpad { return .touchpad }
        return .other
    }

    /// Whether the device may be opened, listed and recorded by ForceBridge: touch, tablet or
    /// haptic devices only. Keyboards never, even composite ones (a recording would be a keylogger).
    public var isForceBridgeDevice: Bool {
        if isKeyboard { return false }
        return isTouchscreen || isTablet || isTouchpad || isHaptic
    }
}
