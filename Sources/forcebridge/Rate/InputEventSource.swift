import ForceCore

/// What reading an `InputEventSource` gave.
enum InputEventReading {
    /// The next event.
    case event(InputEvent)
    /// No event came within the timeout (a live device at rest).
    case waiting
    /// The source ended (end of a recording, device unplugged).
    case finished
}

/// Where a rating session's events come from: a recording today, a live evdev device once the
/// device layer (ForceDevices) is part of the build. The `rate` command builds the overlay from
/// any source and its `device`, so a live source only has to conform to this.
protocol InputEventSource: AnyObject {
    /// The device the events come from: its axes decide how touches and force are read.
    var device: DeviceDescription { get }
    /// The file or device node, for messages.
    var label: String { get }
    /// The next event, waiting at most `timeout` for one. Events carry the source's clock in
    /// microseconds (`CLOCK_MONOTONIC` for live devices, the file's own clock for recordings).
    func nextEvent(waitingAtMost timeout: Duration) throws -> InputEventReading
    /// "Now" on the events' clock, in microseconds, to move the session on while no events come
    /// (loads finish, the screen updates).
    func currentTime() -> Int64
}
