import ForceCore

/// Receives what a device reads: events in order, and the start of a resynchronization after the
/// kernel dropped events (`SYN_DROPPED`), which the events up to the next `SYN_REPORT` describe.
public protocol EventSink: AnyObject {
    /// One event.
    func process(_ event: InputEvent)
    /// The kernel dropped events; the next frame is libevdev's delta to the current state.
    func beginResynchronization(at time: Int64)
}

extension InputPipeline: EventSink {
    public func beginResynchronization(at time: Int64) {
        beginResynchronization()
    }
}
