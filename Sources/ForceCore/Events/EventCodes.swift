// Kernel event codes that ForceBridge interprets, named after `linux/input-event-codes.h`.
// Codes are `EventCode`s (a one-field struct over the kernel's `UInt16`); `MT_TOOL_*` values and
// `INPUT_PROP_*` properties are not codes and keep their plain kernel types.

/// `SYN_*` codes.
public enum SynCode {
    public static let report: EventCode = 0
    public static let config: EventCode = 1
    public static let mtReport: EventCode = 2
    public static let dropped: EventCode = 3
}

/// `ABS_*` codes.
public enum AbsCode {
    public static let x: EventCode = 0x00
    public static let y: EventCode = 0x01
    public static let z: EventCode = 0x02
    public static let rx: EventCode = 0x03
    public static let ry: EventCode = 0x04
    public static let rz: EventCode = 0x05
    public static let throttle: EventCode = 0x06
    public static let rudder: EventCode = 0x07
    public static let wheel: EventCode = 0x08
    public static let gas: EventCode = 0x09
    public static let brake: EventCode = 0x0a
    public static let hat0x: EventCode = 0x10
    public static let pressure: EventCode = 0x18
    public static let distance: EventCode = 0x19
    public static let tiltX: EventCode = 0x1a
    public static let tiltY: EventCode = 0x1b
    public static let toolWidth: EventCode = 0x1c
    public static let volume: EventCode = 0x20
    public static let misc: EventCode = 0x28
    public static let mtSlot: EventCode = 0x2f
    public static let mtTouchMajor: EventCode = 0x30
    public static let mtTouchMinor: EventCode = 0x31
    public static let mtWidthMajor: EventCode = 0x32
    public static let mtWidthMinor: EventCode = 0x33
    public static let mtOrientation: EventCode = 0x34
    public static let mtPositionX: EventCode = 0x35
    public static let mtPositionY: EventCode = 0x36
    public static let mtToolType: EventCode = 0x37
    public static let mtBlobID: EventCode = 0x38
    public static let mtTrackingID: EventCode = 0x39
    public static let mtPressure: EventCode = 0x3a
    public static let mtDistance: EventCode = 0x3b
    public static let mtToolX: EventCode = 0x3c
    public static let mtToolY: EventCode = 0x3d
    /// `ABS_CNT`: number of absolute axis codes.
    public static let count = 0x40
}

/// `KEY_*` and `BTN_*` codes that matter for classification and tracking.
public enum KeyCode {
    public static let escape: EventCode = 1
    public static let buttonMisc: EventCode = 0x100
    public static let button0: EventCode = 0x100
    public static let button1: EventCode = 0x101
    public static let buttonMouse: EventCode = 0x110
    public static let buttonLeft: EventCode = 0x110
    public static let buttonRight: EventCode = 0x111
    public static let buttonMiddle: EventCode = 0x112
    public static let buttonJoystick: EventCode = 0x120
    public static let buttonGamepad: EventCode = 0x130
    public static let buttonDigi: EventCode = 0x140
    public static let toolPen: EventCode = 0x140
    public static let toolRubber: EventCode = 0x141
    public static let toolBrush: EventCode = 0x142
    public static let toolPencil: EventCode = 0x143
    public static let toolAirbrush: EventCode = 0x144
    public static let toolFinger: EventCode = 0x145
    public static let toolMouse: EventCode = 0x146
    public static let toolLens: EventCode = 0x147
    public static let toolQuintTap: EventCode = 0x148
    public static let buttonStylus3: EventCode = 0x149
    public static let touch: EventCode = 0x14a
    public static let buttonStylus: EventCode = 0x14b
    public static let buttonStylus2: EventCode = 0x14c
    public static let toolDoubleTap: EventCode = 0x14d
    public static let toolTripleTap: EventCode = 0x14e
    public static let toolQuadTap: EventCode = 0x14f
    public static let buttonWheel: EventCode = 0x150
    public static let buttonDpadUp: EventCode = 0x220
    public static let buttonDpadRight: EventCode = 0x223
    public static let buttonTriggerHappy1: EventCode = 0x2c0
    public static let buttonTriggerHappy40: EventCode = 0x2e7
}

/// `REL_*` codes.
public enum RelCode {
    public static let x: EventCode = 0x00
    public static let y: EventCode = 0x01
    public static let horizontalWheel: EventCode = 0x06
    public static let wheel: EventCode = 0x08
}

/// `MSC_*` codes.
public enum MscCode {
    public static let serial: EventCode = 0x00
    public static let pulseLED: EventCode = 0x01
    public static let gesture: EventCode = 0x02
    public static let raw: EventCode = 0x03
    public static let scan: EventCode = 0x04
    public static let timestamp: EventCode = 0x05
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
    public static let rumble: EventCode = 0x50
    public static let periodic: EventCode = 0x51
    public static let constant: EventCode = 0x52
    public static let spring: EventCode = 0x53
    public static let friction: EventCode = 0x54
    public static let damper: EventCode = 0x55
    public static let inertia: EventCode = 0x56
    public static let ramp: EventCode = 0x57
    public static let square: EventCode = 0x58
    public static let triangle: EventCode = 0x59
    public static let sine: EventCode = 0x5a
    public static let sawUp: EventCode = 0x5b
    public static let sawDown: EventCode = 0x5c
    public static let custom: EventCode = 0x5d
    public static let gain: EventCode = 0x60
    public static let autocenter: EventCode = 0x61
}
