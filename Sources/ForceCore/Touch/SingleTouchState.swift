/// What a single-touch device or pen has reported so far: its axes (which keep their values
/// between reports) and its keys, with whether each kind of key was ever seen.
struct SingleTouchState {
    var x: Int32 = 0
    var y: Int32 = 0
    var pressure: Int32 = 0
    var distance: Int32 = 0
    var tiltX: Int32 = 0
    var tiltY: Int32 = 0
    var touchSeen = false
    var touchDown = false
    var toolSeen = false
    var fingerToolSeen = false
    var penInProximity = false
    var eraserInProximity = false
    var fingerInProximity = false
    var positionSeen = false
    /// Whether anything changed in the frame being read.
    var changed = false

    /// Stores an absolute axis value.
    mutating func set(_ code: EventCode, _ value: Int32) {
        switch code {
        case AbsCode.x: x = value; positionSeen = true
        case AbsCode.y: y = value; positionSeen = true
        case AbsCode.pressure: pressure = value
        case AbsCode.distance: distance = value
        case AbsCode.tiltX: tiltX = value
        case AbsCode.tiltY: tiltY = value
        default: break
        }
    }

    /// Stores a key; returns false for keys that do not matter to tracking.
    mutating func press(_ code: EventCode, _ value: Int32) -> Bool {
        switch code {
        case KeyCode.touch:
            touchSeen = true
            touchDown = value != 0
        case KeyCode.toolPen, KeyCode.toolBrush, KeyCode.toolPencil, KeyCode.toolAirbrush:
            penInProximity = value != 0
            toolSeen = true
        case KeyCode.toolRubber:
            eraserInProximity = value != 0
            toolSeen = true
        case KeyCode.toolFinger:
            fingerInProximity = value != 0
            fingerToolSeen = true
        default:
            return false
        }
        return true
    }

    /// The tool in proximity: the eraser, else the pen, else a finger.
    var tool: ToolType { eraserInProximity ? .eraser : (penInProximity ? .pen : .finger) }

    /// Whether a pen or eraser is in proximity.
    var isPenInProximity: Bool { penInProximity || eraserInProximity }
}
