/// The values an MT contact reports (`ABS_MT_*`), as the kernel keeps them per slot.
struct ContactValues {
    /// `ABS_MT_TRACKING_ID`: -1 when the slot holds no contact.
    var trackingID: Int32 = -1
    /// `ABS_MT_POSITION_X`.
    var x: Int32 = 0
    /// `ABS_MT_POSITION_Y`.
    var y: Int32 = 0
    /// `ABS_MT_PRESSURE` (or, on single-touch devices, `ABS_PRESSURE`).
    var pressure: Int32 = 0
    /// `ABS_MT_TOUCH_MAJOR`.
    var touchMajor: Int32 = 0
    /// `ABS_MT_WIDTH_MAJOR`.
    var widthMajor: Int32 = 0
    /// `ABS_MT_TOOL_TYPE` (`MT_TOOL_*`).
    var toolType: Int32 = MTToolType.finger

    /// Stores `value` if `code` is one of the values above; returns false, storing nothing, otherwise.
    @inline(__always)
    mutating func set(_ code: EventCode, to value: Int32) -> Bool {
        switch code {
        case AbsCode.mtPositionX: x = value
        case AbsCode.mtPositionY: y = value
        case AbsCode.mtPressure: pressure = value
        case AbsCode.mtTouchMajor: touchMajor = value
        case AbsCode.mtWidthMajor: widthMajor = value
        case AbsCode.mtToolType: toolType = value
        case AbsCode.mtTrackingID: trackingID = value
        default: return false
        }
        return true
    }

    /// Whether the contact is a palm.
    var isPalm: Bool { toolType == MTToolType.palm }
}
