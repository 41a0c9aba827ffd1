import ForceCore

/// One pass over a recording's events, as the kernel delivered them, for what `analyze` reports
/// about the device rather than the pipeline: frames and their timing (per device and per
/// slot, counted only while something touches or is in proximity), per-update deltas, the
/// events the kernel would have filtered, and `SYN_DROPPED` markers.
struct EventScan {
    /// What one slot has seen so far.
    struct Slot {
        var isActive = false
        var trackingID: Int32?
        var updatedThisFrame = false
        var lastUpdate: Int64?
        var wasActiveAtLastUpdate = false
        var intervals: [(start: Double, length: Double)] = []
        var lastValues: [EventCode: Int32] = [:]
        var x = DeltaStatistics()
        var y = DeltaStatistics()
        var pressure = DeltaStatistics()
        var contacts = 0
        var updates = 0
    }

    private let device: DeviceDescription
    private let usesSlots: Bool
    private let isAnonymousMultitouch: Bool
    /// Whether the device says when something touches or is near (`BTN_TOUCH`, `BTN_TOOL_*`);
    /// without that, every interval counts.
    private let reportsContact: Bool
    private var filter: KernelEventFilter

    private(set) var origin: Int64?
    private(set) var lastTime: Int64 = 0
    private(set) var eventCount = 0
    private(set) var frameCount = 0
    private(set) var droppedTimes: [Double] = []
    private(set) var filtered = FilteredEvents()
    private(set) var deviceIntervals: [(start: Double, length: Double)] = []
    private(set) var slots: [Int: Slot] = [:]

    private var currentSlot = 0
    private var contactKeys: Set<EventCode> = []
    private var frameEvents = 0
    private var frameDelivered = false
    private var frameHasAnonymousContact = false
    private var lastFrameTime: Int64?
    private var wasActiveAtLastFrame = false

    init(device: DeviceDescription) {
        self.device = device
        usesSlots = device.usesSlots
        isAnonymousMultitouch = device.isMultitouch && !device.usesSlots
        reportsContact = Self.contactKeys.contains { device.supports(.key, code: $0) }
        filter = KernelEventFilter(device: device)
        if usesSlots, let slot = device.axis(AbsCode.mtSlot) { currentSlot = Int(slot.minimum) }
    }

    /// `BTN_TOUCH` and the `BTN_TOOL_*` codes: something touches or is in proximity while one is down.
    static let contactKeys: Set<EventCode> = [
        KeyCode.touch, KeyCode.toolPen, KeyCode.toolRubber, KeyCode.toolBrush, KeyCode.toolPencil, KeyCode.toolAirbrush,
        KeyCode.toolFinger, KeyCode.toolMouse, KeyCode.toolLens, KeyCode.toolQuintTap, KeyCode.toolDoubleTap,
        KeyCode.toolTripleTap, KeyCode.toolQuadTap,
    ]

    /// Seconds since the first event.
    func seconds(_ time: Int64) -> Double {
        Double(time - (origin ?? time)) / 1_000_000
    }

    mutating func process(_ event: InputEvent) {
        eventCount += 1
        if origin == nil { origin = event.time }
        lastTime = event.time
        let disposition = filter.filter(event)
        count(disposition, of: event)
        switch event.type {
        case .syn:
            switch event.code {
            case SynCode.report: endFrame(at: event.time)
            case SynCode.dropped: droppedTimes.append(seconds(event.time))
            default: frameEvents += 1
            }
        case .abs:
            frameEvents += 1
            absolute(event)
        case .key:
            frameEvents += 1
            key(event)
        default:
            frameEvents += 1
        }
    }

    private mutating func count(_ disposition: KernelEventFilter.Disposition, of event: InputEvent) {
        switch disposition {
        case .passed: frameDelivered = true
        case .unchanged:
            filtered.unchanged += 1
            filtered.unchangedByCode[EventCodeNames.name(type: event.type, code: event.code), default: 0] += 1
        case .withinFuzz: filtered.withinFuzz += 1
        case .unsupported: filtered.unsupported += 1
        case .slotSelection, .synchronization: break
        }
    }

    private mutating func absolute(_ event: InputEvent) {
        let code = event.code
        if usesSlots {
            if code == AbsCode.mtSlot {
                currentSlot = Int(event.value)
                return
            }
            guard code >= AbsCode.mtTouchMajor && code <= AbsCode.mtToolY else { return }
            update(slot: currentSlot) { slot in
                if code == AbsCode.mtTrackingID {
                    // A new id in a used slot is a lift and a new contact.
                    if event.value >= 0 && slot.trackingID != event.value {
                        slot.contacts += 1
                        slot.lastValues = [:]
                    }
                    slot.trackingID = event.value >= 0 ? event.value : nil
                    slot.isActive = event.value >= 0
                }
                Self.measure(code: code, value: event.value, into: &slot, x: AbsCode.mtPositionX, y: AbsCode.mtPositionY, pressure: AbsCode.mtPressure)
            }
        } else if isAnonymousMultitouch {
            if code >= AbsCode.mtTouchMajor && code <= AbsCode.mtToolY { frameHasAnonymousContact = true }
        } else {
            update(slot: 0) { slot in
                Self.measure(code: code, value: event.value, into: &slot, x: AbsCode.x, y: AbsCode.y, pressure: AbsCode.pressure)
            }
        }
    }

    private mutating func key(_ event: InputEvent) {
        guard Self.contactKeys.contains(event.code), event.value != 2 else { return }
        if event.value != 0 { contactKeys.insert(event.code) } else { contactKeys.remove(event.code) }
        guard !usesSlots && !isAnonymousMultitouch else { return }
        let active = !contactKeys.isEmpty
        update(slot: 0) { slot in
            if active && !slot.isActive {
                slot.contacts += 1
                slot.lastValues = [:]
            }
            slot.isActive = active
        }
    }

    private mutating func update(slot number: Int, _ change: (inout Slot) -> Void) {
        var slot = slots[number] ?? Slot(isActive: !usesSlots && !reportsContact)
        slot.updatedThisFrame = true
        change(&slot)
        slots[number] = slot
    }

    /// Records the change of x, y or pressure since the contact's last value.
    private static func measure(code: EventCode, value: Int32, into slot: inout Slot, x: EventCode, y: EventCode, pressure: EventCode) {
        guard code == x || code == y || code == pressure else { return }
        if slot.isActive, let previous = slot.lastValues[code] {
            switch code {
            case x: slot.x.add(from: previous, to: value)
            case y: slot.y.add(from: previous, to: value)
            default: slot.pressure.add(from: previous, to: value)
            }
        }
        slot.lastValues[code] = value
    }

    private var isDeviceActive: Bool {
        if !reportsContact && !usesSlots { return isAnonymousMultitouch ? frameHasAnonymousContact : true }
        return !contactKeys.isEmpty || frameHasAnonymousContact || slots.values.contains { $0.isActive }
    }

    private mutating func endFrame(at time: Int64) {
        frameCount += 1
        defer {
            frameEvents = 0
            frameDelivered = false
            frameHasAnonymousContact = false
        }
        guard frameEvents > 0 else {
            filtered.emptyFrames += 1
            filtered.undeliveredFrames += 1
            return
        }
        if !frameDelivered { filtered.undeliveredFrames += 1 }
        if let last = lastFrameTime, wasActiveAtLastFrame {
            deviceIntervals.append((seconds(last), Double(time - last) / 1_000_000))
        }
        lastFrameTime = time
        wasActiveAtLastFrame = isDeviceActive
        for (number, var slot) in slots where slot.updatedThisFrame {
            if let last = slot.lastUpdate, slot.wasActiveAtLastUpdate {
                slot.intervals.append((seconds(last), Double(time - last) / 1_000_000))
            }
            slot.updates += 1
            slot.lastUpdate = time
            slot.wasActiveAtLastUpdate = slot.isActive
            slot.updatedThisFrame = false
            slots[number] = slot
        }
    }

    /// Slot selections the kernel would not have sent (known once every event is read).
    var redundantSlotSelections: Int { filter.redundantSlotSelections }
}
