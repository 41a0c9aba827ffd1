/// Makes the touches of a frame from contact slots: the one place where a `Touch` is begun, moved
/// and ended, where its force is computed and where touches are numbered and counted.
struct TouchBuilder {
    /// Where a contact's raw force comes from.
    enum RawForce {
        /// The slot's own pressure (`ABS_MT_PRESSURE`; `ABS_PRESSURE` on single-touch devices).
        case slotPressure
        /// The device-wide `ABS_PRESSURE` of an MT device without `ABS_MT_PRESSURE`.
        case devicePressure
        /// The slot's contact size (`ABS_MT_TOUCH_MAJOR`).
        case contactSize
        /// The slot's contact width (`ABS_MT_WIDTH_MAJOR`), on devices without touch major.
        case contactWidth
        /// Nothing.
        case none
    }

    /// The force model (its resting offset may be learned while tracking).
    var forceModel: ForceModel
    /// The touches that changed in the frame, in the order they were made.
    private(set) var frameTouches: [Touch]
    /// The time of the frame, in microseconds.
    private(set) var frameTime: Int64 = 0
    /// How many touches have begun.
    private(set) var beganCount = 0
    /// The device-wide `ABS_PRESSURE` (see `RawForce.devicePressure`).
    var devicePressure: Int32
    private var nextIdentifier = 1
    private let rawForce: RawForce

    /// Creates a builder for frames of at most `frameCapacity` touches (a larger frame allocates).
    init(forceModel: ForceModel, rawForce: RawForce, devicePressure: Int32, frameCapacity: Int) {
        self.forceModel = forceModel
        self.rawForce = rawForce
        self.devicePressure = devicePressure
        frameTouches = []
        frameTouches.reserveCapacity(frameCapacity)
    }

    /// Starts a frame at `time`, with no touches yet.
    @inline(__always)
    mutating func startFrame(at time: Int64) {
        // Not removeAll(keepingCapacity:): it goes through the generic replaceSubrange, several
        // times the cost of taking the frame's one or two touches off the end.
        while !frameTouches.isEmpty { frameTouches.removeLast() }
        frameTime = time
    }

    /// The raw force of the contact in `slot`.
    @inline(__always)
    func raw(of slot: ContactSlot) -> Int32 {
        switch rawForce {
        case .slotPressure: slot.values.pressure
        case .contactSize: slot.values.touchMajor
        case .contactWidth: slot.values.widthMajor
        case .devicePressure: devicePressure
        case .none: 0
        }
    }

    /// Begins a touch for the contact in `slot` (slot number `index`), with `orientation` for a
    /// pen whose tilt is known.
    mutating func begin(
        _ slot: inout ContactSlot, index: Int, tool: ToolType, orientation: (altitude: Double, azimuth: Double)?
    ) {
        let touch = makeTouch(
            identifier: nextIdentifier, slot: index, phase: .began, tool: tool, from: slot, raw: raw(of: slot),
            orientation: orientation ?? (.pi / 2, 0))
        nextIdentifier += 1
        beganCount += 1
        slot.touch = touch
        slot.life = .touching
        frameTouches.append(touch)
    }

    /// Reports the slot's touch as moved or stationary if what it reports changed; the touch is
    /// left as it was otherwise. The new values are compared with the old ones first, and force is
    /// computed only for a touch that changed. `orientation` is nil when tilt is not known.
    mutating func update(_ slot: inout ContactSlot, orientation: (altitude: Double, azimuth: Double)?) {
        let old = slot.touch
        let x = Double(slot.values.x)
        let y = Double(slot.values.y)
        let raw = raw(of: slot)
        let major = Double(slot.values.touchMajor)
        let (altitude, azimuth) = orientation ?? (old.altitudeAngle, old.azimuthAngle)
        let phase: TouchPhase
        if x != old.x || y != old.y {
            phase = .moved
        } else if raw != old.rawPressure || major != old.majorDiameter
            || altitude != old.altitudeAngle || azimuth != old.azimuthAngle {
            phase = .stationary
        } else {
            return
        }
        // The touch is built whole and stored twice: storing its fields into the slot one by one
        // and then copying the slot's touch into the array would read back memory just written in
        // pieces, which the processor cannot forward (a stall).
        let touch = makeTouch(
            identifier: old.identifier, slot: old.slot, phase: phase, tool: old.tool, from: slot, raw: raw,
            orientation: (altitude, azimuth))
        slot.touch = touch
        frameTouches.append(touch)
    }

    /// Ends the slot's touch as `phase` (ended or cancelled; as a palm when `tool` says so): it
    /// presses no more. The slot becomes idle.
    mutating func end(_ slot: inout ContactSlot, as phase: TouchPhase, tool: ToolType? = nil) {
        slot.touch.phase = phase
        slot.touch.timestamp = frameTime
        if let tool { slot.touch.tool = tool }
        slot.touch.force = 0
        slot.touch.normalizedForce = 0
        slot.touch.rawPressure = 0
        slot.life = .idle
        frameTouches.append(slot.touch)
    }

    // MARK: - MT contacts

    /// Begins a touch for a new MT contact, unless it is a palm: a palm is silent until it lifts.
    @inline(__always)
    mutating func beginContact(_ slot: inout ContactSlot, index: Int) {
        if slot.values.isPalm {
            slot.life = .palm
        } else {
            begin(&slot, index: index, tool: ToolType(mtToolType: slot.values.toolType), orientation: nil)
        }
    }

    /// Reports a changed MT contact; one that became a palm is cancelled, and silent until it lifts.
    @inline(__always)
    mutating func updateContact(_ slot: inout ContactSlot) {
        if slot.values.isPalm {
            end(&slot, as: .cancelled, tool: .palm)
            slot.life = .palm
        } else {
            update(&slot, orientation: nil)
        }
    }

    // MARK: - Making touches

    @inline(__always)
    private func makeTouch(
        identifier: Int, slot index: Int, phase: TouchPhase, tool: ToolType, from slot: ContactSlot, raw: Int32,
        orientation: (altitude: Double, azimuth: Double)
    ) -> Touch {
        let normalized = forceModel.normalizedForce(raw: raw)
        return Touch(
            identifier: identifier, slot: index, phase: phase, tool: tool,
            x: Double(slot.values.x), y: Double(slot.values.y), timestamp: frameTime, rawPressure: raw,
            force: forceModel.force(normalized: normalized), normalizedForce: normalized,
            maximumPossibleForce: forceModel.maximumPossibleForce, isForceEstimated: forceModel.isEstimated,
            forceSource: forceModel.forceSource, majorDiameter: Double(slot.values.touchMajor),
            altitudeAngle: orientation.altitude, azimuthAngle: orientation.azimuth)
    }
}
