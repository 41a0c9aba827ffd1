/// One contact slot: the contact's last values, the life of its touch and the touch as last
/// reported. MT protocol B slots are the kernel's; protocol A and single-touch devices get slots
/// of the tracker's own.
struct ContactSlot {
    /// What changed in a slot during the frame being read (MT protocol B).
    struct Changes: OptionSet {
        var rawValue: UInt8

        /// The contact lifted (tracking id -1, or replaced by a new one).
        static let lifted = Changes(rawValue: 1 << 0)
        /// A new contact started (a new tracking id).
        static let started = Changes(rawValue: 1 << 1)
        /// A position, pressure, size or tool type changed.
        static let changed = Changes(rawValue: 1 << 2)
    }

    /// The contact's values.
    var values = ContactValues()
    /// Where the slot's touch is in its life.
    var life = SlotLife.idle
    /// What changed in the frame being read.
    var changes: Changes = []
    /// The touch as last reported.
    var touch = Touch(identifier: 0)

    /// Applies one MT protocol B event to the slot; returns false if `code` is not a per-slot value.
    /// A new tracking id in a used slot (with or without -1 first) is a lift and a new contact.
    @inline(__always)
    mutating func apply(_ code: EventCode, _ value: Int32) -> Bool {
        switch code {
        case AbsCode.mtTrackingID:
            let old = values.trackingID
            if value < 0 {
                if old >= 0 { changes.insert(.lifted) }
                values.trackingID = -1
            } else if value != old {
                if old >= 0 { changes.insert(.lifted) }
                values.trackingID = value
                changes.insert(.started)
            }
        case AbsCode.mtPositionX: Self.update(&values.x, to: value, noting: &changes)
        case AbsCode.mtPositionY: Self.update(&values.y, to: value, noting: &changes)
        case AbsCode.mtPressure: Self.update(&values.pressure, to: value, noting: &changes)
        case AbsCode.mtTouchMajor: Self.update(&values.touchMajor, to: value, noting: &changes)
        case AbsCode.mtWidthMajor: Self.update(&values.widthMajor, to: value, noting: &changes)
        case AbsCode.mtToolType: Self.update(&values.toolType, to: value, noting: &changes)
        default:
            return false
        }
        return true
    }

    /// Sets `field` to `value`, noting a change in `changes` if it is a new value.
    @inline(__always)
    private static func update(_ field: inout Int32, to value: Int32, noting changes: inout Changes) {
        if field != value {
            field = value
            changes.insert(.changed)
        }
    }
}
