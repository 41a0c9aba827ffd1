import ForceCore

/// What the kernel's input core does with each event a driver reports, so that a recording can
/// say which of its events the kernel would have dropped: axis values equal to the current one
/// (per slot for multitouch axes, after the fuzz filter), key states that do not change, zero
/// relative motion, codes the device does not declare, and slot selections it never sends on
/// their own (it emits `ABS_MT_SLOT` only before a multitouch value of another slot).
///
/// A recording's first value of each axis (and slot) and first state of each key is never
/// counted: the state before the recording began is not known.
struct KernelEventFilter {
    /// What happens to an event.
    enum Disposition: Hashable {
        /// It reaches readers.
        case passed
        /// Dropped: the value equals the current one (or a key state repeats, or a relative
        /// motion is zero).
        case unchanged
        /// Dropped: within half the axis's fuzz of the current value (the kernel's smoothing
        /// keeps the current value).
        case withinFuzz
        /// Dropped: the device does not declare the code.
        case unsupported
        /// A slot selection: kept aside until a value of that slot passes.
        case slotSelection
        /// Frames and other synchronisation events.
        case synchronization
    }

    private let device: DeviceDescription
    private let usesSlots: Bool
    private var axisValues: [EventCode: Int32] = [:]
    private var slotValues: [Int32: [EventCode: Int32]] = [:]
    private var keyStates: [EventCode: Bool] = [:]
    private var stagedSlot: Int32 = 0
    private var emittedSlot: Int32?

    /// Slot selections found in the recording.
    private(set) var recordedSlotSelections = 0
    /// Slot selections the kernel would have sent.
    private(set) var emittedSlotSelections = 0

    init(device: DeviceDescription) {
        self.device = device
        usesSlots = device.usesSlots
        if usesSlots, let slot = device.axis(AbsCode.mtSlot) { stagedSlot = slot.minimum }
    }

    /// Slot selections the kernel would not have sent.
    var redundantSlotSelections: Int { max(0, recordedSlotSelections - emittedSlotSelections) }

    mutating func filter(_ event: InputEvent) -> Disposition {
        switch event.type {
        case .syn:
            return .synchronization
        case .abs:
            return filterAbsolute(code: event.code, value: event.value)
        case .key:
            guard device.supports(.key, code: event.code) else { return .unsupported }
            if event.value == 2 { return .passed }
            let pressed = event.value != 0
            defer { keyStates[event.code] = pressed }
            return keyStates[event.code] == pressed ? .unchanged : .passed
        case .rel:
            guard device.supports(.rel, code: event.code) else { return .unsupported }
            return event.value == 0 ? .unchanged : .passed
        default:
            return device.supports(event.type, code: event.code) ? .passed : .unsupported
        }
    }

    private mutating func filterAbsolute(code: EventCode, value: Int32) -> Disposition {
        guard device.supports(.abs, code: code) else { return .unsupported }
        if code == AbsCode.mtSlot {
            recordedSlotSelections += 1
            if usesSlots, let slot = device.axis(AbsCode.mtSlot), (slot.minimum...slot.maximum).contains(value) { stagedSlot = value }
            return .slotSelection
        }
        let isMultitouchValue = code >= AbsCode.mtTouchMajor && code <= AbsCode.mtToolY
        if isMultitouchValue && !usesSlots { return .passed }  // protocol A: no state kept
        let previous = isMultitouchValue ? slotValues[stagedSlot]?[code] : axisValues[code]
        var disposition = Disposition.passed
        var stored = value
        if let previous {
            stored = Self.defuzz(value, previous: previous, fuzz: device.axis(code)?.fuzz ?? 0)
            if stored == previous { disposition = value == previous ? .unchanged : .withinFuzz }
        }
        if isMultitouchValue {
            slotValues[stagedSlot, default: [:]][code] = stored
            if disposition == .passed, emittedSlot != stagedSlot {
                emittedSlot = stagedSlot
                emittedSlotSelections += 1
            }
        } else {
            axisValues[code] = stored
        }
        return disposition
    }

    /// The kernel's fuzz filter: values near the current one are pulled toward it.
    static func defuzz(_ value: Int32, previous: Int32, fuzz: Int32) -> Int32 {
        guard fuzz > 0 else { return value }
        let value = Int64(value)
        let previous = Int64(previous)
        let fuzz = Int64(fuzz)
        if value > previous - fuzz / 2 && value < previous + fuzz / 2 { return Int32(previous) }
        if value > previous - fuzz && value < previous + fuzz { return Int32((previous * 3 + value) / 4) }
        if value > previous - fuzz * 2 && value < previous + fuzz * 2 { return Int32((previous + value) / 2) }
        return Int32(value)
    }
}
