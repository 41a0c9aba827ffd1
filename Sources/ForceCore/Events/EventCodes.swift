// Kernel event codes that ForceBridge interprets, named after `linux/input-event-codes.h`.
// Codes stay plain `UInt16`s so that an event costs nothing to inspect on the hot path.

/// `SYN_*` codes.
public enum SynCode {
    public static let report: UInt16 = 0
    public static let config: UInt16 = 1
    public static let mtReport: UInt16 = 2
    public static let dropped: UInt16 = 3
}

/// `ABS_*` codes.
public enum AbsCode {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
    public static let z: UInt16 = 0x02
    public static let rx: UInt16 = 0x03
    public static let ry: UInt16 = 0x04
    public static let rz: UInt16 = 0x05
    public static let throttle: UInt16 = 0x06
    public static let rudder: UInt16 = 0x07
    public static let wheel: UInt16 = 0x08
    public static let gas: UInt16 = 0x09
    public static let brake: UInt16 = 0x0a
    public static let hat0x: UInt16 = 0x10
    public static let pressure: UInt16 = 0x18
    public static let distance: UInt16 = 0x19
    public static let tiltX: UInt16 = 0x1a
    public static let tiltY: UInt16 = 0x1b
    public static let toolWidth: UInt16 = 0x1c
    public static let volume: UInt16 = 0x20
    public static let misc: UInt16 = 0x28
    public static let mtSlot: UInt16 = 0x2f
    public static let mtTouchMajor: UInt16 = 0x30
    public static let mtTouchMinor: UInt16 = 0x31
    public static let mtWidthMajor: UInt16 = 0x32
    public static let mtWidthMinor: UInt16 = 0x33
    public static let mtOrientation: UInt16 = 0x34
    public static let mtPositionX: UInt16 = 0x35
    public static let mtPositionY: UInt16 = 0x36
    public static let mtToolType: UInt16 = 0x37
    public static let mtBlobID: UInt16 = 0x38
    public static let mtTrackingID: UInt16 = 0x39
    public static let mtPressure: UInt16 = 0x3a
    public static let mtDistance: UInt16 = 0x3b
    public static let mtToolX: UInt16 = 0x3c
    public static let mtToolY: UInt16 = 0x3d
    /// `ABS_CNT`: number of absolute axis codes.
    public static let count = 0x40
}

/// `KEY_*` and `BTN_*` codes that matter for classification and tracking.
public enum KeyCode {
    public static let escape: UInt16 = 1
    public static let buttonMisc: UInt16 = 0x100
    public static let button0: UInt16 = 0x100
    public static let button1: UInt16 = 0x101
    public static let buttonMouse: UInt16 = 0x110
    public static let buttonLeft: UInt16 = 0x110
    public static let buttonRight: UInt16 = 0x111
    public static let buttonMiddle: UInt16 = 0x112
    public static let buttonJoystick: UInt16 = 0x120
    public static let buttonGamepad: UInt16 = 0x130
    public static let buttonDigi: UInt16 = 0x140
    public static let toolPen: UInt16 = 0x140
    public static let toolRubber: UInt16 = 0x141
    public static let toolBrush: UInt16 = 0x142
    public static let toolPencil: UInt16 = 0x143
    public static let toolAirbrush: UInt16 = 0x144
    public static let toolFinger: UInt16 = 0x145
    public static let toolMouse: UInt16 = 0x146
    public static let toolLens: UInt16 = 0x147
    public static let toolQuintTap: UInt16 = 0x148
    public static let buttonStylus3: UInt16 = 0x149
    public static let touch: UInt16 = 0x14a
    public static let buttonStylus: UInt16 = 0x14b
    public static let buttonStylus2: UInt16 = 0x14c
    public static let toolDoubleTap: UInt16 = 0x14d
    public static let toolTripleTap: UInt16 = 0x14e
    public static let toolQuadTap: UInt16 = 0x14f
    public static let buttonWheel: UInt16 = 0x150
    public static let buttonDpadUp: UInt16 = 0x220
    public static let buttonDpadRight: UInt16 = 0x223
    public static let buttonTriggerHappy1: UInt16 = 0x2c0
    public static let buttonTriggerHappy40: UInt16 = 0x2e7
}

/// `REL_*` codes.
public enum RelCode {
    public static let x: UInt16 = 0x00
    public static let y: UInt16 = 0x01
    public static let horizontalWheel: UInt16 = 0x06
    public static let wheel: UInt16 = 0x08
}

/// `MSC_*` codes.
public enum MscCode {
    public static let serial: UInt16 = 0x00
    public static let pulseLED: UInt16 = 0x01
    public static let gesture: UInt16 = 0x02
    public static let raw: UInt16 = 0x03
    public static let scan: UInt16 = 0x04
    public static let timestamp: UInt16 = 0x05
}

/// `MT_TOOL_*` values of `ABS_MT_TOOL_TYPE`.
public enum MTToolType {
    public static let finger: Int32 = 0
    public static let pen: Int32 = 1
    public static let palm: Int32 = 2
    public static let dial: Int32 = 0x0a
}

/// `INPUT_PROP_*` device properties.
public enum InputProperty {
    public static let pointer: UInt16 = 0x00
    public static let direct: UInt16 = 0x01
    public static let buttonPad: UInt16 = 0x02
    public static let semiMT: UInt16 = 0x03
    public static let topButtonPad: UInt16 = 0x04
    public static let pointingStick: UInt16 = 0x05
    public static let accelerometer: UInt16 = 0x06
    /// `INPUT_PROP_MAX`.
    public static let maximum: UInt16 = 0x1f
}

/// `FF_*` force-feedback effect types and properties.
public enum FFCode {
    public static let rumble: UInt16 = 0x50
    public static let periodic: UInt16 = 0x51
    public static let constant: UInt16 = 0x52
    public static let spring: UInt16 = 0x53
    public static let friction: UInt16 = 0x54
    public static let damper: UInt16 = 0x55
    public static let inertia: UInt16 = 0x56
    public static let ramp: UInt16 = 0x57
    public static let square: UInt16 = 0x58
    public static let triangle: UInt16 = 0x59
    public static let sine: UInt16 = 0x5a
    public static let sawUp: UInt16 = 0x5b
    public static let sawDown: UInt16 = 0x5c
    public static let custom: UInt16 = 0x5d
    public static let gain: UInt16 = 0x60
    public static let autocenter: UInt16 = 0x61
}
