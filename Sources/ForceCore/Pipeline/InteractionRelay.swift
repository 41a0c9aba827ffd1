/// The pipeline's own delegate and feedback of its `PreviewInteraction`: turns the interaction's
/// calls into session events, and asks the pipeline's delegate the one question
/// (`previewInteractionShouldBegin`) before publishing `.began`.
final class InteractionRelay: PreviewInteractionDelegate, PreviewFeedback {
    unowned(unsafe) var pipeline: InputPipeline!

    func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool {
        let begins = pipeline.delegate?.previewInteractionShouldBegin(previewInteraction) ?? true
        if begins { publish(.began, previewInteraction) }
        return begins
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

    func previewInteraction(_ interaction: PreviewInteraction, didReach moment: PreviewFeedbackMoment) {
        guard pipeline.hasListeners else { return }
        pipeline.publish(.feedback(moment, time: interaction.timestamp, touch: interaction.touch))
    }

    @inline(__always)
    private func publish(_ kind: InteractionEvent.Kind, _ interaction: PreviewInteraction) {
        guard pipeline.hasListeners else { return }
        pipeline.publish(.interaction(InteractionEvent(kind: kind, time: interaction.timestamp, touch: interaction.touch)))
    }
}
