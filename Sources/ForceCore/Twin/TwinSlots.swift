/// The contacts of a multitouch screen as its twin follows them (`PressureFrameRewriter`): per
/// slot, whether a contact is there, its raw pressure and the pressure the twin last wrote, so
/// that a new profile can write each contact's pressure again. Storage is sized once, for the
/// device's slots.
struct TwinSlots {
    /// Whether the device uses slots (protocol B); protocol A contacts are written whole in every
    /// frame and need no refreshing.
    let usesSlots: Bool
    /// The slot events now refer to.
    private(set) var current: Int
    private var raw: [Int32]
    private var written: [Int32]
    private var active: [Bool]
    /// Whether the slot's pressure came in the current frame.
    private var seen: [Bool]

    init(device: DeviceDescription, axis: PressureAxis) {
        usesSlots = device.usesSlots
        let count = max(device.slotCount, 1)
        current = Int(device.axis(AbsCode.mtSlot)?.value ?? 0)
        raw = Array(repeating: axis.info.minimum, count: count)
        written = Array(repeating: axis.info.minimum, count: count)
        active = Array(repeating: false, count: count)
        seen = Array(repeating: false, count: count)
    }

    private var hasCurrent: Bool { current >= 0 && current < raw.count }

    /// `ABS_MT_SLOT`.
    mutating func select(_ slot: Int32) {
        current = Int(slot)
    }

    /// `ABS_MT_TRACKING_ID` of the current slot.
    mutating func track(_ identifier: Int32) {
        guard hasCurrent else { return }
        active[current] = identifier >= 0
    }

    /// `ABS_MT_PRESSURE` of the current slot; returns what the twin writes.
    mutating func take(pressure value: Int32, mapping: PressureMapping) -> Int32 {
        let output = mapping.output(raw: value)
        guard hasCurrent else { return output }
        raw[current] = value
        written[current] = output
        seen[current] = true
        return output
    }

    /// Appends, for every contact whose pressure did not come in this frame and now maps to
    /// another output, its slot and its pressure; then selects the frame's own slot again.
    mutating func rewrite(into frame: inout [InputEvent], mapping: PressureMapping, at time: Int64) {
        guard usesSlots else { return }
        var selected = current
        for slot in raw.indices where active[slot] && !seen[slot] {
            let output = mapping.output(raw: raw[slot])
            guard output != written[slot] else { continue }
            if selected != slot {
                frame.append(InputEvent(time: time, type: .abs, code: AbsCode.mtSlot, value: Int32(slot)))
                selected = slot
            }
            frame.append(InputEvent(time: time, type: .abs, code: AbsCode.mtPressure, value: output))
            written[slot] = output
        }
        if selected != current {
            frame.append(InputEvent(time: time, type: .abs, code: AbsCode.mtSlot, value: Int32(current)))
        }
    }

    /// Starts a new frame: no slot's pressure has come in it yet.
    mutating func forgetFrame() {
        for slot in seen.indices { seen[slot] = false }
    }
}

/// The single-touch `ABS_PRESSURE` a multitouch screen reports beside its contacts (the oldest
/// contact's), mapped on its own axis as the contacts are.
struct TwinSingleTouchPressure {
    let axis: AxisInfo
    private let mapping: PressureMapping
    /// The last raw value and what the twin wrote for it.
    private(set) var raw: Int32
    private(set) var written: Int32
    /// Whether it came in the current frame.
    var seen = false

    init(axis: AxisInfo, profile: PressureProfile, raw: Int32? = nil, written: Int32? = nil) {
        self.axis = axis
        var offset = profile.restingOffset ?? Double(axis.minimum)
        if offset < Double(axis.minimum) || offset >= Double(axis.maximum) { offset = Double(axis.minimum) }
        mapping = PressureMapping(profile: profile, axis: axis, offset: offset, contactLevel: axis.minimum)
        self.raw = raw ?? axis.value
        self.written = written ?? axis.minimum
    }

    /// Takes a raw value; returns what the twin writes.
    mutating func take(_ value: Int32) -> Int32 {
        raw = value
        written = mapping.output(raw: value)
        seen = true
        return written
    }

    /// The value to write again when it did not come in this frame and now maps differently.
    mutating func refreshed() -> Int32? {
        guard !seen else { return nil }
        let output = mapping.output(raw: raw)
        guard output != written else { return nil }
        written = output
        return output
    }
}
