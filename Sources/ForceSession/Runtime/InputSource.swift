import ForceCore
import ForceDevices
import ForceSystem

/// What produces a session's input: a recording at a speed, a live evdev device, a recording
/// mirrored into uinput. A source runs on an `EventLoop` (its descriptors and timers registered
/// there) and hands what it reads to its `Session`, which feeds the pipeline:
/// `deliver(_:)` for each event, `resynchronize()` before libevdev's delta after the kernel
/// dropped events, and `sourceDidEnd(_:error:)` once.
public protocol InputSource: AnyObject {
    /// The device the events come from: its axes decide how touches and force are read.
    var device: DeviceDescription { get }
    /// Where the input comes from, for reports.
    var origin: SessionOrigin { get }
    /// Starts producing on `loop` for `session`.
    func start(on loop: EventLoop, for session: Session) throws
    /// Stops producing (the session then ends as `.stopped`); releases what it holds.
    func stop()
    /// The monotonic time (microseconds) at which the source reaches time `time` of its own
    /// clock, so that the session can set a timer for the pipeline's next deadline; nil for
    /// sources that run in virtual time (a recording at maximum speed), whose deadlines are
    /// passed between frames without waiting.
    func dueTime(of time: Int64) -> Int64?
    /// Whether the source runs in virtual time (a recording at maximum speed): its deadlines
    /// pass between frames, never on a timer.
    var runsInVirtualTime: Bool { get }
    /// Delivers whatever is due by now (called before the session advances to a deadline, so
    /// that no earlier input is left unread).
    func deliverDueInput()
    /// Now on the source's clock (microseconds), where a session stopped now ends its touches;
    /// nil to end them at the last event's time (recordings).
    func currentTime() -> Int64?
}

extension InputSource {
    public var runsInVirtualTime: Bool { false }
    public func deliverDueInput() {}
    public func currentTime() -> Int64? { nil }
}
