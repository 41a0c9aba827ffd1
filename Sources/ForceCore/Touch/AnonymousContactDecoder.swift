/// Decodes MT protocol A: each contact's values end with `SYN_MT_REPORT`, a frame lists every
/// contact, and contacts are matched to the previous frame's by tracking id when the device sends
/// ids, otherwise by distance. Contacts get slots of the tracker's own, the first free one each.
///
/// Stored properties are `@exclusivity(unchecked)`, as `TouchTracker`'s are.
final class AnonymousContactDecoder {
    /// The most contacts followed.
    static let capacity = 16

    /// The contacts followed, one per slot.
    let slots = SlotStorage(count: capacity)
    /// Whether force is the device-wide `ABS_PRESSURE`, a change of which changes every contact.
    private let readsDevicePressure: Bool
    /// The contact being read (until its `SYN_MT_REPORT`).
    @exclusivity(unchecked)
    private var pendingContact = ContactValues()
    @exclusivity(unchecked)
    private var pendingHasData = false
    /// The contacts of the frame being read.
    @exclusivity(unchecked)
    private var frameContacts: [ContactValues]
    /// Whether the frame said anything about contacts (an empty list lifts them all).
    @exclusivity(unchecked)
    private var frameHasContactData = false
    @exclusivity(unchecked)
    private var devicePressureChanged = false
    /// For each slot, the index of the frame contact matched to it, or -1.
    @exclusivity(unchecked)
    private var assignment: [Int]

    /// Creates a decoder.
    init(readsDevicePressure: Bool) {
        self.readsDevicePressure = readsDevicePressure
        frameContacts = []
        frameContacts.reserveCapacity(Self.capacity)
        assignment = Array(repeating: -1, count: Self.capacity)
    }

    /// Feeds one event that is not `EV_SYN`.
    func process(_ event: InputEvent, builder: inout TouchBuilder) {
        if event.type == .key && event.code == KeyCode.touch {
            frameHasContactData = true
            return
        }
        guard event.type == .abs else { return }
        if event.code == AbsCode.pressure && readsDevicePressure {
            if builder.devicePressure != event.value {
                builder.devicePressure = event.value
                devicePressureChanged = true
            }
            return
        }
        guard event.code >= AbsCode.mtTouchMajor else { return }
        frameHasContactData = true
        if pendingContact.set(event.code, to: event.value) { pendingHasData = true }
    }

    /// Ends the contact being read (`SYN_MT_REPORT`).
    @inline(never)  // Kept out of the tracker's per-event path, which it would burden with saved registers.
    func endContact() {
        frameHasContactData = true
        if pendingHasData && frameContacts.count < Self.capacity {
            frameContacts.append(pendingContact)
        }
        pendingContact = ContactValues()
        pendingHasData = false
    }

    /// Matches the frame's contacts to the followed ones and turns the differences into touches:
    /// ends and changes in slot order, then new contacts in the order the frame listed them.
    func finishFrame(builder: inout TouchBuilder, resynchronizing: Bool) {
        if pendingHasData { endContact() }
        // Contacts carry their own pressure only with ABS_MT_PRESSURE; a device-wide ABS_PRESSURE
        // change is a change of every contact.
        let pressureChanged = devicePressureChanged
        devicePressureChanged = false
        guard frameHasContactData else { return }
        let claimed = matchContacts()
        for index in slots.indices where slots[index].life != .idle {
            let matched = assignment[index]
            if matched < 0 {
                if slots[index].life == .touching {
                    builder.end(&slots[index], as: resynchronizing ? .cancelled : .ended)
                }
                slots[index] = ContactSlot()
            } else {
                let contact = frameContacts[matched]
                let old = slots[index].values
                let changed = contact.x != old.x || contact.y != old.y || contact.pressure != old.pressure
                    || contact.touchMajor != old.touchMajor || contact.widthMajor != old.widthMajor
                    || contact.toolType != old.toolType || pressureChanged
                slots[index].values = contact
                if slots[index].life == .touching && changed {
                    builder.updateContact(&slots[index])
                }
            }
        }
        for (candidate, contact) in frameContacts.enumerated() where claimed & (1 << candidate) == 0 {
            guard let free = slots.firstIdle() else { break }
            slots[free] = ContactSlot()
            slots[free].values = contact
            builder.beginContact(&slots[free], index: free)
        }
        frameContacts.removeAll(keepingCapacity: true)
        frameHasContactData = false
    }

    /// Fills `assignment` for the followed contacts: same tracking id when the device sends ids,
    /// otherwise by distance, closest pair first over all contacts (matching slot by slot would
    /// hand a lifted contact's neighbour to whichever slot comes first). Returns the frame
    /// contacts matched, one bit each.
    private func matchContacts() -> UInt32 {
        for index in assignment.indices { assignment[index] = -1 }
        var claimed: UInt32 = 0
        for index in slots.indices where slots[index].life != .idle && slots[index].values.trackingID >= 0 {
            for (candidate, contact) in frameContacts.enumerated()
            where claimed & (1 << candidate) == 0 && contact.trackingID == slots[index].values.trackingID {
                claimed |= 1 << candidate
                assignment[index] = candidate
                break
            }
        }
        while true {
            var bestSlot = -1
            var bestCandidate = -1
            var bestDistance = Double.infinity
            for index in slots.indices
            where slots[index].life != .idle && slots[index].values.trackingID < 0 && assignment[index] < 0 {
                for (candidate, contact) in frameContacts.enumerated()
                where claimed & (1 << candidate) == 0 && contact.trackingID < 0 {
                    let dx = Double(contact.x) - Double(slots[index].values.x)
                    let dy = Double(contact.y) - Double(slots[index].values.y)
                    let distance = dx * dx + dy * dy
                    if distance < bestDistance {
                        bestDistance = distance
                        bestSlot = index
                        bestCandidate = candidate
                    }
                }
            }
            guard bestSlot >= 0 else { break }
            claimed |= 1 << bestCandidate
            assignment[bestSlot] = bestCandidate
        }
        return claimed
    }

    /// Drops the frame after `SYN_DROPPED`: every touch is cancelled, and contacts that persist
    /// through the gap are matched silently until they lift, so none begins again.
    func discardFrame(builder: inout TouchBuilder) {
        slots.cancelTouches(builder: &builder)
        forgetFrame()
    }

    /// Cancels every touch and forgets every contact.
    func cancelAll(builder: inout TouchBuilder) {
        slots.cancelAll(builder: &builder)
        forgetFrame()
    }

    private func forgetFrame() {
        frameContacts.removeAll(keepingCapacity: true)
        pendingContact = ContactValues()
        pendingHasData = false
        frameHasContactData = false
    }
}
