/// Receives a session's events: a report (text, jsonl), a live view, a plot recorder, the
/// overlay, haptics, a service subscriber. Any number of sinks attach to one pipeline
/// (`InputPipeline.attach`); each hears every event, in order, and in attachment order among
/// sinks; none depends on another having heard it first.
///
/// Sinks are called on the pipeline's thread, between its events: a sink may attach or detach
/// sinks, or cancel the interaction, from inside the call.
public protocol SessionSink: AnyObject {
    /// `event` happened in `pipeline`'s session.
    func receive(_ event: SessionEvent, from pipeline: InputPipeline)
    /// Whether the sink hears `.frameEnded` after every frame (false by default: most sinks
    /// follow touches, and a pipeline without such a sink publishes nothing more per frame). Read
    /// when the sink is attached.
    var receivesEveryFrame: Bool { get }
}

extension SessionSink {
    public var receivesEveryFrame: Bool { false }
}
