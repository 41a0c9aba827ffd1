/// Turns a session's interaction events into `PreviewInteractionDelegate` calls: the UIKit shape
/// as one adapter over the same events every sink hears. `InputPipeline.delegate` and
/// `setDelegate(_:for:)` use one; attach one yourself to give a delegate the calls without its
/// answers to the questions (`shouldReceive`, `shouldBegin`, `previewActions(for:)`).
public final class PreviewInteractionDelegateAdapter: SessionSink {
    /// The delegate called.
    public private(set) weak var delegate: (any PreviewInteractionDelegate)?
    /// The interaction whose events become calls; nil for the pipeline's own `interaction`.
    public private(set) weak var interaction: PreviewInteraction?
    private let followsPipelineInteraction: Bool

    /// An adapter calling `delegate` for the events of `interaction` (by default, the
    /// `interaction` of the pipeline it is attached to).
    public init(delegate: any PreviewInteractionDelegate, interaction: PreviewInteraction? = nil) {
        self.delegate = delegate
        self.interaction = interaction
        followsPipelineInteraction = interaction == nil
    }

    public func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        guard case .interaction(let interactionEvent) = event, let delegate else { return }
        let interactions = pipeline.interactions.interactions
        guard interactions.indices.contains(interactionEvent.interaction) else { return }
        let target = interactions[interactionEvent.interaction]
        guard target === (followsPipelineInteraction ? pipeline.interaction : interaction) else { return }
        switch interactionEvent.kind {
        case .began:
            // The delegate already answered `shouldBegin`: the pipeline asks before this event.
            break
        case .preview(let progress, let ended):
            delegate.previewInteraction(target, didUpdatePreviewTransition: progress, ended: ended)
        case .commit(let progress, let ended):
            delegate.previewInteraction(target, didUpdateCommitTransition: progress, ended: ended)
        case .cancelled:
            delegate.previewInteractionDidCancel(target)
        case .actionsRevealed(let actions):
            delegate.previewInteraction(target, didRevealActions: actions)
        case .actionHighlighted(_, let index):
            delegate.previewInteraction(target, didHighlightActionAt: index)
        case .actionsHidden:
            delegate.previewInteractionDidHideActions(target)
        case .actionPerformed(let action):
            delegate.previewInteraction(target, didPerform: action)
        }
    }
}
