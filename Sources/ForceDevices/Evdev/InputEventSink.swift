import ForceCore

/// Receives the raw `InputEvent`s a device reads, before any tracking: events in order, and the
/// start of a resynchronization after the kernel dropped events (`SYN_DROPPED`), which the events
/// up to the next `SYN_REPORT` describe. (A `SessionSink` receives what a pipeline made of them.)
public protocol InputEventSink: AnyObject {
    /// One event.
    func process(_ event: InputEvent)
    /// The kernel dropped events; the next frame is libevdev's delta to the current state.
    func beginResynchronization(at time: Int64)
}

extension InputPipeline: InputEventSink {
    public func beginResynchronization(at time: Int64) {
        beginResynchronization()
    }
}
