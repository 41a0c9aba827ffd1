/// Turns a session's interaction events into `PreviewInteractionDelegate` calls: the UIKit shape
/// as one adapter over the same events every sink hears. `InputPipeline.delegate` uses one;
/// attach one yourself to give a delegate the calls without its `shouldBegin` answer.
public final class PreviewInteractionDelegateAdapter: SessionSink {
    /// The delegate called.
    public private(set) weak var delegate: (any PreviewInteractionDelegate)?

    /// An adapter calling `delegate`.
    public init(delegate: any PreviewInteractionDelegate) {
        self.delegate = delegate
    }

    public func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        guard case .interaction(let interactionEvent) = event, let delegate else { return }
        switch interactionEvent.kind {
        case .began:
            // The delegate already answered `shouldBegin`: the pipeline asks before this event.
            break
        case .preview(let progress, let ended):
            delegate.previewInteraction(pipeline.interaction, didUpdatePreviewTransition: progress, ended: ended)
        case .commit(let progress, let ended):
            delegate.previewInteraction(pipeline.interaction, didUpdateCommitTransition: progress, ended: ended)
        case .cancelled:
            delegate.previewInteractionDidCancel(pipeline.interaction)
        }
    }
}
