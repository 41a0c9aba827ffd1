#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a device's event stream into touches with UIKit phases and force, one frame at a time.
///
/// It speaks all three ways the kernel reports contacts:
/// - **MT protocol B** (slots): `ABS_MT_SLOT` selects a slot (slot 0 until told otherwise), values
///   persist per slot, `ABS_MT_TRACKING_ID` ≥ 0 starts a contact and -1 ends it; a new id in a
///   used slot (with or without -1 first, in one frame) is a lift plus a new touch.
/// - **MT protocol A**: each contact's values end with `SYN_MT_REPORT`; a frame lists every
///   contact, and contacts are matched to the previous frame by tracking id or by distance.
/// - **Single-touch devices and pens**: `ABS_X/Y`, `ABS_PRESSURE`, `BTN_TOUCH`, `BTN_TOOL_PEN`
///   / `BTN_TOOL_RUBBER` for proximity, `ABS_DISTANCE` for hover, `ABS_TILT_X/Y` for tilt. A pen
///   with pressure goes down and up by the force model's thresholds (with hysteresis, above a
///   learned resting offset), never by a hovering `BTN_TOUCH`; devices that advertise `BTN_TOUCH`
///   but never send it fall back to pressure.
///
/// `MT_TOOL_PALM` cancels a touch and swallows its later lift. After `SYN_DROPPED` the rest of
/// the frame is discarded, every touch is cancelled, and a slot only starts a touch again with a
/// new tracking id; `beginResynchronization()` instead takes the next frame as libevdev's state
/// delta, in which touches that ended or changed identity are cancelled.
///
/// Processing allocates nothing: all storage is sized when the tracker is created.
///
/// Stored properties are `@exclusivity(unchecked)`: they change on every event, and Swift would
/// otherwise check each access at run time for overlapping accesses (which the optimizer cannot
/// rule out for class properties), at a cost several times that of the work itself. The type
/// is used from one thread, and no access to its state is held open across a call that could
/// come back to it (delegates and observers are called between accesses), so there is no
/// overlap to detect.
public final class TouchTracker {
    /// How the device reports contacts.
    public enum ContactProtocol: Hashable, Sendable {
        /// MT protocol B with this many slots.
        case slots(Int)
        /// MT protocol A (anonymous contacts, `SYN_MT_REPORT`).
        case anonymousContacts
        /// One contact: single-touch screens, touchpads in single-touch mode, pens.
        case singleTouch
    }

    /// The most contacts followed on protocol A devices.
    public static let anonymousContactCapacity = 16

    /// The device being tracked.
    public let device: DeviceDescription
    /// How the device reports contacts.
    public let reportingProtocol: ContactProtocol
    /// The force model (its resting offset may be learned while tracking).
    @exclusivity(unchecked)
    public private(set) var forceModel: ForceModel

    /// The touches that changed in the last completed frame, in slot order; a slot that lifted and
    /// started again in one frame appears twice (ended, then began). Valid until the next event.
    @exclusivity(unchecked)
    public private(set) var frameTouches: [Touch]
    /// The time of the last completed frame (its `SYN_REPORT`), in microseconds.
    @exclusivity(unchecked)
    public private(set) var frameTime: Int64 = 0
    /// How many contacts have begun so far (a pen counts when its tip goes down).
    @exclusivity(unchecked)
    public private(set) var beganCount = 0
    /// Whether a pen or eraser is in proximity (hovering or touching).
    @exclusivity(unchecked)
    public private(set) var isPenInProximity = false
    /// The hover distance of the pen in device units (`ABS_DISTANCE`), 0 if unknown.
    @exclusivity(unchecked)
    public private(set) var hoverDistance: Int32 = 0

    /// Per-slot state, allocated once and changed in place: an array would check uniqueness and
    /// bounds on every access and copy whole slots in and out.
    private let slots: UnsafeMutableBufferPointer<Slot>
    /// The slots changed in the frame being read, one bit per slot (slot `i` is bit `i % 64` of
    /// word `i / 64`): finishing a frame visits them in slot order without sorting.
    private let dirtySlots: UnsafeMutableBufferPointer<UInt64>
    @exclusivity(unchecked)
    private var currentSlot: Int
    @exclusivity(unchecked)
    private var nextIdentifier = 1
    @exclusivity(unchecked)
    private var dropState = DropState.normal

    // Single-touch and pen state (also the device-wide ABS_PRESSURE on MT devices without MT pressure).
    @exclusivity(unchecked)
    private var single = SingleTouchState()
    // Protocol A: contacts of the frame being read.
    @exclusivity(unchecked)
    private var pendingContact = Contact()
    @exclusivity(unchecked)
    private var frameContacts: [Contact]
    @exclusivity(unchecked)
    private var frameHasContactData = false
    @exclusivity(unchecked)
    private var devicePressureChanged = false
    @exclusivity(unchecked)
    private var assignment: [Int]

    private let pressureCode: UInt16?
    /// The minimum of `ABS_MT_SLOT` (slot numbers are relative to it).
    private let slotMinimum: Int32
    private let usesMTPressure: Bool
    private let usesContactSize: Bool
    private let tiltXScale: Double
    private let tiltYScale: Double
    private let hasDistanceAxis: Bool
    private let distanceMinimum: Int32

    /// Creates a tracker for `device`, computing force with `forceModel`.
    public init(device: DeviceDescription, forceModel: ForceModel? = nil) {
        self.device = device
        let model = forceModel ?? ForceModel(device: device)
        self.forceModel = model
        if device.usesSlots {
            reportingProtocol = .slots(max(1, device.slotCount))
        } else if device.isMultitouch {
            reportingProtocol = .anonymousContacts
        } else {
            reportingProtocol = .singleTouch
        }
        let capacity: Int
        switch reportingProtocol {
        case .slots(let count): capacity = count
        case .anonymousContacts: capacity = Self.anonymousContactCapacity
        case .singleTouch: capacity = 1
        }
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot())
        dirtySlots = .allocate(capacity: (capacity + 63) / 64)
        dirtySlots.initialize(repeating: 0)
        frameTouches = []
        frameTouches.reserveCapacity(capacity * 2 + 2)
        frameContacts = []
        frameContacts.reserveCapacity(Self.anonymousContactCapacity)
        assignment = Array(repeating: -1, count: Self.anonymousContactCapacity)
        slotMinimum = device.axes[AbsCode.mtSlot]?.minimum ?? 0
        if case .slots = reportingProtocol, let slot = device.axes[AbsCode.mtSlot] {
            // As for ABS_MT_SLOT events, a current value outside the axis range selects no slot
            // (the slots are unchecked memory; events go nowhere until a valid ABS_MT_SLOT).
            let index = Int(slot.value) - Int(slot.minimum)
            currentSlot = index >= 0 && index < capacity ? index : -1
        } else {
            currentSlot = 0
        }
        switch model.source {
        case .pressure(let code):
            pressureCode = code
            usesMTPressure = code == AbsCode.mtPressure
            usesContactSize = false
        case .contactSize:
            pressureCode = nil
            usesMTPressure = false
            usesContactSize = true
        case .none:
            pressureCode = nil
            usesMTPressure = false
            usesContactSize = false
        }
        tiltXScale = Self.radiansPerUnit(device.axis(AbsCode.tiltX))
        tiltYScale = Self.radiansPerUnit(device.axis(AbsCode.tiltY))
        hasDistanceAxis = device.axis(AbsCode.distance) != nil
        distanceMinimum = device.axis(AbsCode.distance)?.minimum ?? 0
        // Axes keep their values between reports: start from what the description says.
        for code in [AbsCode.x, AbsCode.y, AbsCode.pressure, AbsCode.distance, AbsCode.tiltX, AbsCode.tiltY] {
            if let info = device.axis(code) { single.set(code, info.value) }
        }
        single.positionSeen = false
    }

    deinit {
        slots.deallocate()
        dirtySlots.deallocate()
    }

    /// The touches in contact right now (not those that ended in the last frame).
    public var activeTouches: [Touch] {
        slots.compactMap { $0.isActive ? $0.touch : nil }
    }

    /// Feeds one event. Returns true when it completed a frame; `frameTouches` then holds what
    /// changed in it.
    @discardableResult
    @inline(__always)
    public func process(_ event: InputEvent) -> Bool {
        if event.type == .syn {
            switch event.code {
            case SynCode.report:
                finishFrame(at: event.time)
                return true
            case SynCode.mtReport:
                if dropState != .discarding { endAnonymousContact() }
            case SynCode.dropped:
                dropState = .discarding
            default:
                break
            }
            return false
        }
        if dropState == .discarding { return false }
        switch reportingProtocol {
        case .slots: processSlotEvent(event)
        case .anonymousContacts: processAnonymousEvent(event)
        case .singleTouch: processSingleTouchEvent(event)
        }
        return false
    }

    /// Declares that the events up to the next `SYN_REPORT` are a resynchronization delta (as
    /// libevdev delivers after `SYN_DROPPED`): touches that end or change identity in it are
    /// cancelled instead of ended, and touches that persist continue.
    public func beginResynchronization() {
        dropState = .resynchronizing
    }

    /// Cancels every active touch (device loss, end of input, explicit reset) as one frame at
    /// `time`, and forgets all contact state. `frameTouches` then holds the cancelled touches.
    public func cancelAll(at time: Int64) {
        frameTouches.removeAll(keepingCapacity: true)
        frameTime = time
        for index in slots.indices {
            if slots[index].isActive { emit(&slots[index], phase: .cancelled) }
            slots[index] = Slot()
        }
        clearDirtySlots()
        single = SingleTouchState()
        pendingContact = Contact()
        frameContacts.removeAll(keepingCapacity: true)
        frameHasContactData = false
        dropState = .normal
        isPenInProximity = false
    }

    // MARK: - Protocol B

    @inline(__always)
    private func processSlotEvent(_ event: InputEvent) {
        guard event.type == .abs else { return }
        if event.code == AbsCode.mtSlot {
            let index = Int(event.value) - Int(slotMinimum)
            currentSlot = index >= 0 && index < slots.count ? index : -1
            return
        }
        if event.code == AbsCode.pressure && pressureCode == AbsCode.pressure {
            single.pressure = event.value
            markAllActiveDirty()
            return
        }
        guard event.code >= AbsCode.mtTouchMajor, currentSlot >= 0 else { return }
        let index = currentSlot
        // currentSlot is always a valid index when not negative.
        let slot = slots.baseAddress.unsafelyUnwrapped + index
        switch event.code {
        case AbsCode.mtTrackingID:
            let old = slot.pointee.trackingID
            if event.value < 0 {
                if old >= 0 { slot.pointee.liftedInFrame = true }
                slot.pointee.trackingID = -1
            } else if event.value != old {
                if old >= 0 { slot.pointee.liftedInFrame = true }
                slot.pointee.trackingID = event.value
                slot.pointee.startedInFrame = true
            }
        case AbsCode.mtPositionX:
            if slot.pointee.x != event.value { slot.pointee.x = event.value; slot.pointee.movedInFrame = true }
        case AbsCode.mtPositionY:
            if slot.pointee.y != event.value { slot.pointee.y = event.value; slot.pointee.movedInFrame = true }
        case AbsCode.mtPressure:
            if slot.pointee.pressure != event.value { slot.pointee.pressure = event.value; slot.pointee.changedInFrame = true }
        case AbsCode.mtTouchMajor:
            if slot.pointee.touchMajor != event.value { slot.pointee.touchMajor = event.value; slot.pointee.changedInFrame = true }
        case AbsCode.mtToolType:
            if slot.pointee.toolType != event.value { slot.pointee.toolType = event.value; slot.pointee.changedInFrame = true }
        default:
            return
        }
        markDirty(index)
    }

    @inline(__always)
    private func markDirty(_ index: Int) {
        dirtySlots.baseAddress.unsafelyUnwrapped[index &>> 6] |= 1 &<< UInt64(index & 63)
    }

    private func clearDirtySlots() {
        for word in dirtySlots.indices { dirtySlots[word] = 0 }
    }

    private func markAllActiveDirty() {
        for index in slots.indices where slots[index].isActive {
            slots[index].changedInFrame = true
            markDirty(index)
        }
    }

    private func finishSlotFrame() {
        let resynchronizing = dropState == .resynchronizing
        // Slot order keeps output stable whatever order the device sent slots in: the bits are
        // visited from the lowest.
        let words = dirtySlots.baseAddress.unsafelyUnwrapped
        for word in 0..<dirtySlots.count {
            var bits = words[word]
            guard bits != 0 else { continue }
            words[word] = 0
            repeat {
                let index = word &<< 6 | bits.trailingZeroBitCount
                bits &= bits &- 1
                finishSlot(&slots.baseAddress.unsafelyUnwrapped[index], index: index, resynchronizing: resynchronizing)
            } while bits != 0
        }
    }

    /// Turns what changed in one slot during the frame into touches, in place.
    @inline(__always)
    private func finishSlot(_ slot: inout Slot, index: Int, resynchronizing: Bool) {
        if slot.liftedInFrame || (slot.startedInFrame && slot.isActive) {
            if slot.isActive {
                emit(&slot, phase: resynchronizing ? .cancelled : .ended)
                slot.isActive = false
            }
            slot.isSwallowed = false
            slot.isStale = false
        }
        if slot.startedInFrame && slot.trackingID >= 0 {
            slot.isStale = false
            beginContact(&slot, index: index)
        } else if slot.isActive && (slot.movedInFrame || slot.changedInFrame) {
            updateContact(&slot)
        }
        slot.clearFrameFlags()
    }

    // MARK: - Protocol A

    private func processAnonymousEvent(_ event: InputEvent) {
        if event.type == .key && event.code == KeyCode.touch {
            frameHasContactData = true
            return
        }
        guard event.type == .abs else { return }
        if event.code == AbsCode.pressure && pressureCode == AbsCode.pressure {
            if single.pressure != event.value {
                single.pressure = event.value
                devicePressureChanged = true
            }
            return
        }
        guard event.code >= AbsCode.mtTouchMajor else { return }
        frameHasContactData = true
        switch event.code {
        case AbsCode.mtPositionX: pendingContact.x = event.value
        case AbsCode.mtPositionY: pendingContact.y = event.value
        case AbsCode.mtPressure: pendingContact.pressure = event.value
        case AbsCode.mtTouchMajor: pendingContact.touchMajor = event.value
        case AbsCode.mtToolType: pendingContact.toolType = event.value
        case AbsCode.mtTrackingID: pendingContact.trackingID = event.value
        default: return
        }
        pendingContact.hasData = true
    }

    private func endAnonymousContact() {
        frameHasContactData = true
        if pendingContact.hasData && frameContacts.count < Self.anonymousContactCapacity {
            frameContacts.append(pendingContact)
        }
        pendingContact = Contact()
    }

    private func finishAnonymousFrame() {
        if pendingContact.hasData { endAnonymousContact() }
        // Contacts carry their own pressure only with ABS_MT_PRESSURE; a device-wide ABS_PRESSURE
        // change is a change of every contact.
        let pressureChanged = devicePressureChanged
        devicePressureChanged = false
        guard frameHasContactData else { return }
        let resynchronizing = dropState == .resynchronizing
        // Match each active contact to one of this frame's contacts: same tracking id when the
        // device sends ids, otherwise by distance, closest pair first over all contacts (matching
        // slot by slot would hand a lifted contact's neighbour to whichever slot comes first).
        for index in assignment.indices { assignment[index] = -1 }
        var claimed: UInt32 = 0
        for index in slots.indices where (slots[index].isActive || slots[index].isSwallowed) && slots[index].trackingID >= 0 {
            for (candidate, contact) in frameContacts.enumerated()
            where claimed & (1 << candidate) == 0 && contact.trackingID == slots[index].trackingID {
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
            where (slots[index].isActive || slots[index].isSwallowed) && slots[index].trackingID < 0 && assignment[index] < 0 {
                for (candidate, contact) in frameContacts.enumerated()
                where claimed & (1 << candidate) == 0 && contact.trackingID < 0 {
                    let dx = Double(contact.x) - Double(slots[index].x)
                    let dy = Double(contact.y) - Double(slots[index].y)
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
        for index in slots.indices where slots[index].isActive || slots[index].isSwallowed {
            var slot = slots[index]
            let matched = assignment[index]
            if matched < 0 {
                if slot.isActive { emit(&slot, phase: resynchronizing ? .cancelled : .ended) }
                slot = Slot()
            } else {
                let contact = frameContacts[matched]
                slot.movedInFrame = contact.x != slot.x || contact.y != slot.y
                slot.changedInFrame = contact.pressure != slot.pressure || contact.touchMajor != slot.touchMajor
                    || contact.toolType != slot.toolType || pressureChanged
                slot.apply(contact)
                if slot.isActive && (slot.movedInFrame || slot.changedInFrame) {
                    updateContact(&slot)
                }
            }
            slot.clearFrameFlags()
            slots[index] = slot
        }
        for (candidate, contact) in frameContacts.enumerated() where claimed & (1 << candidate) == 0 {
            guard let free = slots.firstIndex(where: { !$0.isActive && !$0.isSwallowed }) else { break }
            var slot = Slot()
            slot.apply(contact)
            beginContact(&slot, index: free)
            slots[free] = slot
        }
        frameContacts.removeAll(keepingCapacity: true)
        frameHasContactData = false
    }

    /// A new MT contact: a palm is swallowed until it lifts, anything else begins a touch.
    @inline(__always)
    private func beginContact(_ slot: inout Slot, index: Int) {
        if slot.toolType == MTToolType.palm {
            slot.isSwallowed = true
        } else {
            begin(&slot, index: index)
        }
    }

    /// A changed MT contact: one that became a palm is cancelled and its lift swallowed; any
    /// other moves or changes.
    @inline(__always)
    private func updateContact(_ slot: inout Slot) {
        if slot.toolType == MTToolType.palm {
            emit(&slot, phase: .cancelled, tool: .palm)
            slot.isActive = false
            slot.isSwallowed = true
        } else {
            update(&slot)
        }
    }

    // MARK: - Single touch and pens

    private func processSingleTouchEvent(_ event: InputEvent) {
        switch event.type {
        case .abs:
            single.set(event.code, event.value)
        case .key:
            switch event.code {
            case KeyCode.touch:
                single.touchSeen = true
                single.touchDown = event.value != 0
            case KeyCode.toolPen, KeyCode.toolBrush, KeyCode.toolPencil, KeyCode.toolAirbrush:
                single.penInProximity = event.value != 0
                single.toolSeen = true
            case KeyCode.toolRubber:
                single.eraserInProximity = event.value != 0
                single.toolSeen = true
            case KeyCode.toolFinger:
                single.fingerInProximity = event.value != 0
                single.fingerToolSeen = true
            default:
                return
            }
        default:
            return
        }
        single.changed = true
    }

    private func finishSingleTouchFrame() {
        guard single.changed else { return }
        single.changed = false
        let tool: ToolType = single.eraserInProximity ? .eraser : (single.penInProximity ? .pen : .finger)
        let isPen = tool != .finger
        let penNowInProximity = single.penInProximity || single.eraserInProximity
        isPenInProximity = penNowInProximity
        hoverDistance = single.distance
        var slot = slots[0]

        // Decide whether the surface is touched.
        let contact: Bool
        if single.toolSeen && !penNowInProximity && !single.fingerInProximity {
            contact = false
        } else if isPen && pressureCode != nil {
            // A worn tip reports pressure (and some tablets BTN_TOUCH with it) while hovering:
            // learn the resting pressure whenever the pen is known to be off the surface.
            let hovering = hasDistanceAxis ? single.distance > distanceMinimum : !(single.touchSeen && single.touchDown)
            if !slot.isActive && hovering {
                forceModel.learnRestingOffset(raw: single.pressure)
            }
            contact = forceModel.isTipDown(raw: single.pressure, wasDown: slot.isActive)
        } else if single.touchSeen {
            contact = single.touchDown
        } else if pressureCode != nil {
            contact = forceModel.isTipDown(raw: single.pressure, wasDown: slot.isActive)
        } else if single.fingerToolSeen || single.toolSeen {
            contact = single.fingerInProximity || penNowInProximity
        } else {
            contact = single.positionSeen
        }

        let toolChanged = slot.isActive && slot.touch.tool != tool
        if slot.isActive && (!contact || toolChanged) {
            emit(&slot, phase: dropState == .resynchronizing ? .cancelled : .ended)
            slot.isActive = false
        }
        if !contact { slot.isStale = false }
        slot.x = single.x
        slot.y = single.y
        slot.pressure = single.pressure
        if contact && !slot.isActive && !slot.isStale {
            begin(&slot, index: 0, tool: tool)
        } else if contact && slot.isActive {
            update(&slot)
        }
        slots[0] = slot
    }

    // MARK: - Frames

    private func finishFrame(at time: Int64) {
        // Not removeAll(keepingCapacity:): it goes through the generic replaceSubrange, several
        // times the cost of taking the frame's one or two touches off the end.
        while !frameTouches.isEmpty { frameTouches.removeLast() }
        frameTime = time
        if dropState == .discarding {
            // The rest of the frame after SYN_DROPPED is invalid and the state unknown: cancel.
            for index in slots.indices {
                if slots[index].isActive {
                    emit(&slots[index], phase: .cancelled)
                    slots[index].isActive = false
                    // Protocol A contacts that persist through the gap come back in the next frames;
                    // keep matching them, silently, until they lift, so none begins again.
                    if case .anonymousContacts = reportingProtocol { slots[index].isSwallowed = true }
                }
                slots[index].isStale = true
                slots[index].clearFrameFlags()
            }
            clearDirtySlots()
            frameContacts.removeAll(keepingCapacity: true)
            pendingContact = Contact()
            frameHasContactData = false
            single.changed = false
            dropState = .normal
            return
        }
        switch reportingProtocol {
        case .slots: finishSlotFrame()
        case .anonymousContacts: finishAnonymousFrame()
        case .singleTouch: finishSingleTouchFrame()
        }
        dropState = .normal
    }

    private func rawForce(of slot: Slot) -> Int32 {
        if usesMTPressure { return slot.pressure }
        if usesContactSize { return slot.touchMajor }
        if pressureCode == AbsCode.pressure { return single.pressure }
        return 0
    }

    private func fill(_ touch: inout Touch, from slot: Slot) {
        touch.x = Double(slot.x)
        touch.y = Double(slot.y)
        touch.timestamp = frameTime
        let raw = rawForce(of: slot)
        touch.rawPressure = raw
        let normalized = forceModel.normalizedForce(raw: raw)
        touch.normalizedForce = normalized
        touch.force = forceModel.force(normalized: normalized)
        touch.maximumPossibleForce = forceModel.maximumPossibleForce
        touch.isForceEstimated = forceModel.isEstimated
        touch.forceSource = forceModel.forceSource
        touch.majorRadius = Double(slot.touchMajor)
        if case .singleTouch = reportingProtocol, touch.tool != .finger {
            let orientation = Touch.orientation(
                tiltX: Double(single.tiltX) * tiltXScale, tiltY: Double(single.tiltY) * tiltYScale)
            touch.altitudeAngle = orientation.altitude
            touch.azimuthAngle = orientation.azimuth
        }
    }

    private func begin(_ slot: inout Slot, index: Int, tool: ToolType? = nil) {
        var touch = Touch(identifier: nextIdentifier, slot: index, phase: .began)
        nextIdentifier += 1
        touch.tool = tool ?? Self.tool(forMTToolType: slot.toolType)
        fill(&touch, from: slot)
        slot.touch = touch
        slot.isActive = true
        beganCount += 1
        frameTouches.append(touch)
    }

    /// Reports the slot's touch as moved or stationary if what `fill` reports of it changed; the
    /// touch is left as it was otherwise. Works on the slot's touch in place: the new values are
    /// compared with the old ones first, and force is computed only for a touch that changed.
    private func update(_ slot: inout Slot) {
        let x = Double(slot.x)
        let y = Double(slot.y)
        let raw = rawForce(of: slot)
        let major = Double(slot.touchMajor)
        var altitude = slot.touch.altitudeAngle
        var azimuth = slot.touch.azimuthAngle
        if case .singleTouch = reportingProtocol, slot.touch.tool != .finger {
            let orientation = Touch.orientation(
                tiltX: Double(single.tiltX) * tiltXScale, tiltY: Double(single.tiltY) * tiltYScale)
            altitude = orientation.altitude
            azimuth = orientation.azimuth
        }
        let phase: TouchPhase
        if x != slot.touch.x || y != slot.touch.y {
            phase = .moved
        } else if raw != slot.touch.rawPressure || major != slot.touch.majorRadius
            || altitude != slot.touch.altitudeAngle || azimuth != slot.touch.azimuthAngle {
            phase = .stationary
        } else {
            return
        }
        // The values `fill` sets. The touch is built whole and stored twice: storing its fields
        // into the slot one by one and then copying the slot's touch into the array would read
        // back memory just written in pieces, which the processor cannot forward (a stall).
        let normalized = forceModel.normalizedForce(raw: raw)
        let touch = Touch(
            identifier: slot.touch.identifier, slot: slot.touch.slot, phase: phase, tool: slot.touch.tool,
            x: x, y: y, timestamp: frameTime, rawPressure: raw,
            force: forceModel.force(normalized: normalized), normalizedForce: normalized,
            maximumPossibleForce: forceModel.maximumPossibleForce, isForceEstimated: forceModel.isEstimated,
            forceSource: forceModel.forceSource, majorRadius: major, altitudeAngle: altitude, azimuthAngle: azimuth)
        slot.touch = touch
        frameTouches.append(touch)
    }

    private func emit(_ slot: inout Slot, phase: TouchPhase, tool: ToolType? = nil) {
        slot.touch.phase = phase
        slot.touch.timestamp = frameTime
        if let tool { slot.touch.tool = tool }
        if phase == .ended || phase == .cancelled {
            // A touch that is over presses no more.
            slot.touch.force = 0
            slot.touch.normalizedForce = 0
            slot.touch.rawPressure = 0
        }
        frameTouches.append(slot.touch)
    }

    private static func tool(forMTToolType type: Int32) -> ToolType {
        switch type {
        case MTToolType.pen: return .pen
        case MTToolType.palm: return .palm
        default: return .finger
        }
    }

    private static func radiansPerUnit(_ axis: AxisInfo?) -> Double {
        guard let axis else { return 0 }
        // Tilt resolution is in units per radian; without one, the usual unit is degrees.
        return axis.resolution > 0 ? 1 / Double(axis.resolution) : Double.pi / 180
    }

    // MARK: - State

    private enum DropState {
        case normal
        case discarding
        case resynchronizing
    }

    private struct Slot {
        var trackingID: Int32 = -1
        var x: Int32 = 0
        var y: Int32 = 0
        var pressure: Int32 = 0
        var touchMajor: Int32 = 0
        var toolType: Int32 = MTToolType.finger
        var isActive = false
        var isSwallowed = false
        var isStale = false
        var liftedInFrame = false
        var startedInFrame = false
        var movedInFrame = false
        var changedInFrame = false
        var touch = Touch(identifier: 0)

        mutating func apply(_ contact: Contact) {
            trackingID = contact.trackingID
            x = contact.x
            y = contact.y
            pressure = contact.pressure
            touchMajor = contact.touchMajor
            toolType = contact.toolType
        }

        mutating func clearFrameFlags() {
            liftedInFrame = false
            startedInFrame = false
            movedInFrame = false
            changedInFrame = false
        }
    }

    private struct Contact {
        var trackingID: Int32 = -1
        var x: Int32 = 0
        var y: Int32 = 0
        var pressure: Int32 = 0
        var touchMajor: Int32 = 0
        var toolType: Int32 = MTToolType.finger
        var hasData = false
    }

    private struct SingleTouchState {
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
        var changed = false

        mutating func set(_ code: UInt16, _ value: Int32) {
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
    }
}
