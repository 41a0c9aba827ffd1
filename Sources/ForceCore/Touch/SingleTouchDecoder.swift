/// Decodes single-touch devices and pens: `ABS_X/Y`, `ABS_PRESSURE`, `BTN_TOUCH`, `BTN_TOOL_PEN`
/// / `BTN_TOOL_RUBBER` for proximity, `ABS_DISTANCE` for hover, `ABS_TILT_X/Y` for tilt; one
/// contact, in slot 0.
///
/// A pen with pressure goes down and up by the force model's thresholds (with hysteresis, above a
/// resting offset learned as `RestingOffsetLearning` says), never by `BTN_TOUCH`; devices that
/// advertise `BTN_TOUCH` but never send it fall back to pressure.
///
/// Stored properties are `@exclusivity(unchecked)`, as `TouchTracker`'s are.
final class SingleTouchDecoder {
    /// Whether a pen or eraser is in proximity (hovering or touching), as of the last frame.
    @exclusivity(unchecked)
    private(set) var isPenInProximity = false
    /// The hover distance of the pen in device units (`ABS_DISTANCE`), as of the last frame.
    @exclusivity(unchecked)
    private(set) var hoverDistance: Int32 = 0

    /// The one contact.
    @exclusivity(unchecked)
    private var slot = ContactSlot()
    @exclusivity(unchecked)
    private var state = SingleTouchState()
    /// Whether force is measured by pressure (pens then go down by pressure).
    private let hasPressure: Bool
    private let tiltXScale: Double
    private let tiltYScale: Double

    /// Creates a decoder for `device`; `hasPressure` says whether force comes from pressure.
    init(device: DeviceDescription, hasPressure: Bool) {
        self.hasPressure = hasPressure
        tiltXScale = Self.radiansPerUnit(device.axis(AbsCode.tiltX))
        tiltYScale = Self.radiansPerUnit(device.axis(AbsCode.tiltY))
        // Axes keep their values between reports: start from what the description says.
        for code in [AbsCode.x, AbsCode.y, AbsCode.pressure, AbsCode.distance, AbsCode.tiltX, AbsCode.tiltY] {
            if let info = device.axis(code) { state.set(code, info.value) }
        }
        state.positionSeen = false
    }

    /// The touch in contact right now, if any.
    var activeTouches: [Touch] { slot.life == .touching ? [slot.touch] : [] }

    /// Feeds one event that is not `EV_SYN`.
    func process(_ event: InputEvent) {
        switch event.type {
        case .abs: state.set(event.code, event.value)
        case .key: guard state.press(event.code, event.value) else { return }
        default: return
        }
        state.changed = true
    }

    /// Decides from the frame whether the surface is touched, and reports the touch.
    func finishFrame(builder: inout TouchBuilder, resynchronizing: Bool) {
        guard state.changed else { return }
        state.changed = false
        let tool = state.tool
        let isProximityIn = state.isPenInProximity && !isPenInProximity
        isPenInProximity = state.isPenInProximity
        hoverDistance = state.distance
        let contact = isTouched(tool: tool, isProximityIn: isProximityIn, forceModel: &builder.forceModel)

        if slot.life == .touching && (!contact || slot.touch.tool != tool) {
            builder.end(&slot, as: resynchronizing ? .cancelled : .ended)
        }
        if !contact && slot.life == .stale { slot.life = .idle }
        slot.values.x = state.x
        slot.values.y = state.y
        slot.values.pressure = state.pressure
        guard contact else { return }
        let orientation = tool == .finger ? nil : Touch.orientation(
            tiltX: Double(state.tiltX) * tiltXScale, tiltY: Double(state.tiltY) * tiltYScale)
        if slot.life == .idle {
            builder.begin(&slot, index: 0, tool: tool, orientation: orientation)
        } else if slot.life == .touching {
            builder.update(&slot, orientation: orientation)
        }
    }

    /// Whether the surface is touched by `tool`; `isProximityIn` when a pen came into proximity
    /// in this frame.
    private func isTouched(tool: ToolType, isProximityIn: Bool, forceModel: inout ForceModel) -> Bool {
        let wasDown = slot.life == .touching
        if state.toolSeen && !state.isPenInProximity && !state.fingerInProximity {
            return false
        } else if tool != .finger && hasPressure {
            // A worn tip reports pressure while hovering (and some tablets BTN_TOUCH with it, so
            // BTN_TOUCH is no guide): the force model learns that resting pressure from what the
            // pen reports in proximity, then the tip goes down by pressure above it.
            forceModel.observePen(pressure: state.pressure, distance: state.distance, isProximityIn: isProximityIn)
            return forceModel.isTipDown(raw: state.pressure, wasDown: wasDown)
        } else if state.touchSeen {
            return state.touchDown
        } else if hasPressure {
            return forceModel.isTipDown(raw: state.pressure, wasDown: wasDown)
        } else if state.fingerToolSeen || state.toolSeen {
            return state.fingerInProximity || state.isPenInProximity
        } else {
            return state.positionSeen
        }
    }

    /// Drops the frame after `SYN_DROPPED`: the touch is cancelled, and the contact goes stale
    /// until the surface is seen untouched.
    func discardFrame(builder: inout TouchBuilder) {
        if slot.life == .touching { builder.end(&slot, as: .cancelled) }
        slot.life = .stale
        state.changed = false
    }

    /// Cancels the touch and forgets everything reported.
    func cancelAll(builder: inout TouchBuilder) {
        if slot.life == .touching { builder.end(&slot, as: .cancelled) }
        slot = ContactSlot()
        state = SingleTouchState()
        isPenInProximity = false
    }

    private static func radiansPerUnit(_ axis: AxisInfo?) -> Double {
        guard let axis else { return 0 }
        // Tilt resolution is in units per radian; without one, the usual unit is degrees.
        return axis.resolution > 0 ? 1 / Double(axis.resolution) : Double.pi / 180
    }
}
