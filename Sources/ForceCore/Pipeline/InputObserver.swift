/// Sees each event a session's source delivers, before the pipeline processes it: the raw input,
/// for a recording of the session (calibration writes the one it measured) or for figures about
/// the device's own reports (`analyze`'s report rate and filtered events). Touches, force and
/// interactions are the pipeline's: for those, be a `SessionSink`.
///
/// Observing costs the session a call per event; without observers it costs nothing.
public protocol InputObserver: AnyObject {
    /// `event` arrived (it reaches the pipeline next).
    func observe(_ event: InputEvent)
}
