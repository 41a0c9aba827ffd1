/// Sees each event a session's source delivers, before the pipeline processes it: the raw input,
/// for a recording of the session (calibration writes the one it measured) or for figures about
/// the device's own reports (`analyze`'s report rate and filtered events). Touches, force and
/// interactions are the pipeline's: for those, be a `SessionSink`.
///
/// Observing costs the session a call per event; without observers it costs nothing.
public protocol InputObserver: AnyObject {
    /// `event` arrived (it reaches the pipeline next).
    func observe(_ event: InputEvent)
    /// The next frame is libevdev's resynchronization delta after `SYN_DROPPED` (the events
    /// between were lost). Does nothing unless the observer keeps state across frames.
    func inputWillResynchronize()
}

extension InputObserver {
    public func inputWillResynchronize() {}
}
