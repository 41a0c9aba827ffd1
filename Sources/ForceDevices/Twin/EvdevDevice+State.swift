import CEvdev
import ForceCore

extension EvdevDevice {
    /// The device's state as libevdev knows it from what was read so far, as the events that
    /// would bring a fresh copy of the device to it (no `SYN_REPORT`): every key and switch that
    /// is down, every absolute axis's value, and for multitouch protocol B each slot holding a
    /// contact (`ABS_MT_SLOT`, its tracking id, then its other values), ending with the current
    /// slot selected. Stamped `time`.
    public func stateEvents(at time: Int64) -> [InputEvent] {
        guard let handle else { return [] }
        var events: [InputEvent] = []
        func add(_ type: EventType, _ code: EventCode, _ value: Int32) {
            events.append(InputEvent(time: time, type: type, code: code, value: value))
        }
        for type in [EventType.key, .sw] {
            for code in description.codes(of: type) {
                let value = libevdev_get_event_value(handle, UInt32(type.rawValue), UInt32(code.rawValue))
                if value != 0 { add(type, code, value) }
            }
        }
        let slotAxes = description.codes(of: .abs).filter { $0.rawValue >= AbsCode.mtSlot.rawValue }
        for code in description.codes(of: .abs) where code.rawValue < AbsCode.mtSlot.rawValue {
            add(.abs, code, libevdev_get_event_value(handle, UInt32(EV_ABS), UInt32(code.rawValue)))
        }
        let slots = libevdev_get_num_slots(handle)
        guard slots > 0 else { return events }
        let current = libevdev_get_current_slot(handle)
        var selected: Int32 = -1
        for slot in 0..<UInt32(slots) {
            let tracking = libevdev_get_slot_value(handle, slot, UInt32(AbsCode.mtTrackingID.rawValue))
            guard tracking >= 0 else { continue }
            add(.abs, AbsCode.mtSlot, Int32(slot))
            selected = Int32(slot)
            add(.abs, AbsCode.mtTrackingID, tracking)
            for code in slotAxes where code != AbsCode.mtSlot && code != AbsCode.mtTrackingID {
                add(.abs, code, libevdev_get_slot_value(handle, slot, UInt32(code.rawValue)))
            }
        }
        if selected != current { add(.abs, AbsCode.mtSlot, current) }
        return events
    }
}
