/// The decoder for a device's contact protocol, one per `TouchTracker` (libinput's dispatch
/// interface): it turns the events of a frame into changes of its contacts, and the changes
/// into touches through the tracker's `TouchBuilder`.
enum ContactDecoder {
    /// MT protocol B.
    case slots(SlotDecoder)
    /// MT protocol A.
    case anonymousContacts(AnonymousContactDecoder)
    /// Single-touch devices and pens.
    case singleTouch(SingleTouchDecoder)

    /// Feeds one event that is not `EV_SYN`.
    @inline(__always)
    func process(_ event: InputEvent, builder: inout TouchBuilder) {
        switch self {
        case .slots(let decoder): decoder.process(event, builder: &builder)
        case .anonymousContacts(let decoder): decoder.process(event, builder: &builder)
        case .singleTouch(let decoder): decoder.process(event)
        }
    }

    /// Ends one protocol A contact (`SYN_MT_REPORT`); other protocols ignore it.
    func endContact() {
        if case .anonymousContacts(let decoder) = self { decoder.endContact() }
    }

    /// Turns the frame's changes into touches; in a resynchronization, touches that end are cancelled.
    @inline(__always)
    func finishFrame(builder: inout TouchBuilder, resynchronizing: Bool) {
        switch self {
        case .slots(let decoder): decoder.finishFrame(builder: &builder, resynchronizing: resynchronizing)
        case .anonymousContacts(let decoder): decoder.finishFrame(builder: &builder, resynchronizing: resynchronizing)
        case .singleTouch(let decoder): decoder.finishFrame(builder: &builder, resynchronizing: resynchronizing)
        }
    }

    /// Drops the frame after `SYN_DROPPED`: every touch is cancelled, and contacts that were there
    /// stay silent until they lift.
    func discardFrame(builder: inout TouchBuilder) {
        switch self {
        case .slots(let decoder): decoder.discardFrame(builder: &builder)
        case .anonymousContacts(let decoder): decoder.discardFrame(builder: &builder)
        case .singleTouch(let decoder): decoder.discardFrame(builder: &builder)
        }
    }

    /// Cancels every touch and forgets every contact.
    func cancelAll(builder: inout TouchBuilder) {
        switch self {
        case .slots(let decoder): decoder.cancelAll(builder: &builder)
        case .anonymousContacts(let decoder): decoder.cancelAll(builder: &builder)
        case .singleTouch(let decoder): decoder.cancelAll(builder: &builder)
        }
    }

    /// The touches in contact right now.
    var activeTouches: [Touch] {
        switch self {
        case .slots(let decoder): decoder.slots.activeTouches
        case .anonymousContacts(let decoder): decoder.slots.activeTouches
        case .singleTouch(let decoder): decoder.activeTouches
        }
    }
}
