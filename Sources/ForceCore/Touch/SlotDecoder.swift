/// Decodes MT protocol B: `ABS_MT_SLOT` selects a slot (relative to the axis minimum; an
/// out-of-range slot selects none, and its events go nowhere), values persist per slot,
/// `ABS_MT_TRACKING_ID` ≥ 0 starts a contact and -1 ends it; a new id in a used slot (with or
/// without -1 first, in one frame) is a lift plus a new touch. Touches are reported in slot order.
///
/// Stored properties are `@exclusivity(unchecked)`, as `TouchTracker`'s are.
final class SlotDecoder {
    /// The slots, one per kernel slot.
    let slots: SlotStorage
    /// The selected slot, or -1 for none.
    @exclusivity(unchecked)
    private var currentSlot: Int
    /// The minimum of `ABS_MT_SLOT` (slot numbers are relative to it).
    private let slotMinimum: Int32
    /// Whether force is the device-wide `ABS_PRESSURE`, a change of which changes every contact.
    private let readsDevicePressure: Bool

    /// Creates a decoder for `device`'s `count` slots.
    init(device: DeviceDescription, count: Int, readsDevicePressure: Bool) {
        slots = SlotStorage(count: count)
        self.readsDevicePressure = readsDevicePressure
        let axis = device.axes[AbsCode.mtSlot]
        slotMinimum = axis?.minimum ?? 0
        if let axis {
            // As for ABS_MT_SLOT events, a current value outside the axis range selects no slot.
            let index = Int(axis.value) - Int(axis.minimum)
            currentSlot = index >= 0 && index < count ? index : -1
        } else {
            currentSlot = 0
        }
    }

    /// Feeds one event that is not `EV_SYN`.
    @inline(__always)
    func process(_ event: InputEvent, builder: inout TouchBuilder) {
        guard event.type == .abs else { return }
        if event.code == AbsCode.mtSlot {
            let index = Int(event.value) - Int(slotMinimum)
            currentSlot = index >= 0 && index < slots.count ? index : -1
            return
        }
        if event.code == AbsCode.pressure && readsDevicePressure {
            builder.devicePressure = event.value
            for index in slots.indices where slots[index].life == .touching {
                slots[index].changes.insert(.changed)
                slots.markChanged(index)
            }
            return
        }
        let index = currentSlot
        guard event.code >= AbsCode.mtTouchMajor, index >= 0 else { return }
        if slots[index].apply(event.code, event.value) { slots.markChanged(index) }
    }

    /// Turns what changed in the frame into touches, in slot order.
    @inline(__always)
    func finishFrame(builder: inout TouchBuilder, resynchronizing: Bool) {
        slots.forEachChanged { index in
            finish(&slots[index], index: index, builder: &builder, resynchronizing: resynchronizing)
        }
    }

    /// Turns what changed in one slot during the frame into touches, in place.
    @inline(__always)
    private func finish(_ slot: inout ContactSlot, index: Int, builder: inout TouchBuilder, resynchronizing: Bool) {
        let changes = slot.changes
        slot.changes = []
        if changes.contains(.lifted) || (changes.contains(.started) && slot.life == .touching) {
            if slot.life == .touching { builder.end(&slot, as: resynchronizing ? .cancelled : .ended) }
            slot.life = .idle
        }
        if changes.contains(.started) && slot.values.trackingID >= 0 {
            builder.beginContact(&slot, index: index)
        } else if slot.life == .touching && changes.contains(.changed) {
            builder.updateContact(&slot)
        }
    }

    /// Drops the frame after `SYN_DROPPED`: every touch is cancelled and its contact goes stale,
    /// so that a slot only starts a touch again with a new tracking id.
    func discardFrame(builder: inout TouchBuilder) {
        slots.cancelTouches(builder: &builder)
    }

    /// Cancels every touch and forgets every contact.
    func cancelAll(builder: inout TouchBuilder) {
        slots.cancelAll(builder: &builder)
    }
}
