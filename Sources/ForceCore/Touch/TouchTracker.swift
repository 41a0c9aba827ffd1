/// Turns a device's event stream into touches with UIKit phases and force, one frame at a time.
///
/// It speaks all three ways the kernel reports contacts, each through a decoder of its own:
/// - **MT protocol B** (slots, `SlotDecoder`): `ABS_MT_SLOT` selects a slot (slot 0 until told
///   otherwise), values persist per slot, `ABS_MT_TRACKING_ID` ≥ 0 starts a contact and -1 ends
///   it; a new id in a used slot (with or without -1 first, in one frame) is a lift plus a new touch.
/// - **MT protocol A** (`AnonymousContactDecoder`): each contact's values end with
///   `SYN_MT_REPORT`; a frame lists every contact, and contacts are matched to the previous frame
///   by tracking id or by distance.
/// - **Single-touch devices and pens** (`SingleTouchDecoder`): `ABS_X/Y`, `ABS_PRESSURE`,
///   `BTN_TOUCH`, `BTN_TOOL_PEN` / `BTN_TOOL_RUBBER` for proximity, `ABS_DISTANCE` for hover,
///   `ABS_TILT_X/Y` for tilt. A pen with pressure goes down and up by the force model's thresholds
///   (with hysteresis, above a learned resting offset), never by a hovering `BTN_TOUCH`; devices
///   that advertise `BTN_TOUCH` but never send it fall back to pressure.
///
/// `MT_TOOL_PALM` cancels a touch and swallows its later lift. After `SYN_DROPPED` the rest of
/// the frame is discarded, every touch is cancelled, and a contact only starts a touch again once
/// it has lifted; `beginResynchronization()` instead takes the next frame as libevdev's state
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

        /// How `device` reports contacts: slots when it has them, anonymous contacts when it is
        /// multitouch without, else a single contact.
        public init(device: DeviceDescription) {
            if device.usesSlots {
                self = .slots(max(1, device.slotCount))
            } else if device.isMultitouch {
                self = .anonymousContacts
            } else {
                self = .singleTouch
            }
        }
    }

    /// The most contacts followed on protocol A devices.
    public static let anonymousContactCapacity = AnonymousContactDecoder.capacity

    /// The device being tracked.
    public let device: DeviceDescription
    /// How the device reports contacts.
    public let reportingProtocol: ContactProtocol

    private let decoder: ContactDecoder
    @exclusivity(unchecked)
    private var builder: TouchBuilder
    @exclusivity(unchecked)
    private var dropState = DropState.normal

    /// Creates a tracker for `device`, computing force with `forceModel`.
    public init(device: DeviceDescription, forceModel: ForceModel? = nil) {
        self.device = device
        let model = forceModel ?? ForceModel(device: device)
        let pressureCode: EventCode?
        if case .pressure(let code) = model.source { pressureCode = code } else { pressureCode = nil }
        let readsDevicePressure = pressureCode == AbsCode.pressure
        let rawForce: TouchBuilder.RawForce
        let capacity: Int
        reportingProtocol = ContactProtocol(device: device)
        switch reportingProtocol {
        case .slots(let count):
            capacity = count
            decoder = .slots(SlotDecoder(device: device, count: capacity, readsDevicePressure: readsDevicePressure))
            rawForce = Self.multitouchRawForce(model.source)
        case .anonymousContacts:
            capacity = AnonymousContactDecoder.capacity
            decoder = .anonymousContacts(AnonymousContactDecoder(readsDevicePressure: readsDevicePressure))
            rawForce = Self.multitouchRawForce(model.source)
        case .singleTouch:
            capacity = 1
            decoder = .singleTouch(SingleTouchDecoder(device: device, hasPressure: pressureCode != nil))
            // The one contact's pressure is the device's pressure, whichever axis carries it
            // (contact size is a multitouch axis).
            rawForce = pressureCode != nil ? .slotPressure : .none
        }
        builder = TouchBuilder(
            forceModel: model, rawForce: rawForce, devicePressure: device.axis(AbsCode.pressure)?.value ?? 0,
            frameCapacity: capacity * 2 + 2)
    }

    /// The force model (its resting offset may be learned while tracking).
    public var forceModel: ForceModel { builder.forceModel }

    /// The touches that changed in the last completed frame, in slot order; a slot that lifted and
    /// started again in one frame appears twice (ended, then began). Valid until the next event.
    public var frameTouches: [Touch] { builder.frameTouches }

    /// The time of the last completed frame (its `SYN_REPORT`), in microseconds.
    public var frameTime: Int64 { builder.frameTime }

    /// How many contacts have begun so far (a pen counts when its tip goes down).
    public var beganCount: Int { builder.beganCount }

    /// Whether a pen or eraser is in proximity (hovering or touching) and its hover distance, as
    /// of the last frame; never in proximity on multitouch devices.
    public var penProximity: PenProximity {
        if case .singleTouch(let decoder) = decoder {
            PenProximity(isInProximity: decoder.isPenInProximity, distance: decoder.hoverDistance)
        } else {
            PenProximity(isInProximity: false, distance: 0)
        }
    }

    /// The touches in contact right now (not those that ended in the last frame).
    public var activeTouches: [Touch] { decoder.activeTouches }

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
                if dropState != .discarding { decoder.endContact() }
            case SynCode.dropped:
                dropState = .discarding
            default:
                break
            }
            return false
        }
        if dropState == .discarding { return false }
        decoder.process(event, builder: &builder)
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
        builder.startFrame(at: time)
        decoder.cancelAll(builder: &builder)
        builder.devicePressure = 0
        dropState = .normal
    }

    private func finishFrame(at time: Int64) {
        builder.startFrame(at: time)
        switch dropState {
        case .normal: decoder.finishFrame(builder: &builder, resynchronizing: false)
        case .resynchronizing: decoder.finishFrame(builder: &builder, resynchronizing: true)
        case .discarding: decoder.discardFrame(builder: &builder)  // The state is unknown: cancel.
        }
        dropState = .normal
    }

    private static func multitouchRawForce(_ source: ForceModel.Source) -> TouchBuilder.RawForce {
        switch source {
        case .pressure(AbsCode.mtPressure): .slotPressure
        // A device-wide ABS_PRESSURE on a device without ABS_MT_PRESSURE.
        case .pressure(AbsCode.pressure): .devicePressure
        case .pressure: .none
        case .contactSize(AbsCode.mtWidthMajor): .contactWidth
        case .contactSize: .contactSize
        case .none: .none
        }
    }

    /// Where the event stream is after `SYN_DROPPED`.
    private enum DropState {
        /// Events are read as they come.
        case normal
        /// The rest of the frame after `SYN_DROPPED` is invalid and discarded.
        case discarding
        /// The frame is libevdev's resynchronization delta.
        case resynchronizing
    }
}
