/// The pipeline's own delegate and feedback of its interactions: turns their calls into session
/// events saying which interaction they belong to, and asks the interaction's delegate (see
/// `InputPipeline.setDelegate(_:for:)`) the questions — `shouldReceive`, `shouldBegin` (before
/// publishing `.began`) and `previewActions(for:)`.
final class InteractionRelay: PreviewInteractionDelegate, PreviewFeedback {
    unowned(unsafe) var pipeline: InputPipeline!

    func previewInteraction(_ previewInteraction: PreviewInteraction, shouldReceive touch: Touch) -> Bool {
        pipeline.delegate(of: previewInteraction)?.previewInteraction(previewInteraction, shouldReceive: touch) ?? true
    }

    func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool {
        let begins = pipeline.delegate(of: previewInteraction)?.previewInteractionShouldBegin(previewInteraction) ?? true
        if begins { publish(.began, previewInteraction) }
        return begins
    }

    func previewActions(for previewInteraction: PreviewInteraction) -> [PreviewAction] {
        pipeline.delegate(of: previewInteraction)?.previewActions(for: previewInteraction) ?? []
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdatePreviewTransition transitionProgress: Double, ended: Bool) {
        publish(.preview(progress: transitionProgress, ended: ended), previewInteraction)
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdateCommitTransition transitionProgress: Double, ended: Bool) {
        publish(.commit(progress: transitionProgress, ended: ended), previewInteraction)
    }

    func previewInteractionDidCancel(_ previewInteraction: PreviewInteraction) {
        publish(.cancelled, previewInteraction)
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didRevealActions actions: [PreviewAction]) {
        publish(.actionsRevealed(actions), previewInteraction)
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didHighlightActionAt index: Int?) {
        let action = index.flatMap { previewInteraction.actions.indices.contains($0) ? previewInteraction.actions[$0] : nil }
        publish(.actionHighlighted(action, index: index), previewInteraction)
    }

    func previewInteractionDidHideActions(_ previewInteraction: PreviewInteraction) {
        publish(.actionsHidden, previewInteraction)
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didPerform action: PreviewAction) {
        publish(.actionPerformed(action), previewInteraction)
    }

    func previewInteraction(_ interaction: PreviewInteraction, didReach moment: PreviewFeedbackMoment) {
        guard pipeline.hasListeners else { return }
        pipeline.publish(.feedback(moment, time: interaction.timestamp, touch: interaction.touch))
    }

    /// Publishes what `interaction` did; nothing for an interaction no longer in the group.
    @inline(__always)
    private func publish(_ kind: InteractionEvent.Kind, _ interaction: PreviewInteraction) {
        guard pipeline.hasListeners, let index = pipeline.interactions.index(of: interaction) else { return }
        pipeline.publish(.interaction(InteractionEvent(kind: kind, time: interaction.timestamp, touch: interaction.touch, interaction: index)))
    }
}
