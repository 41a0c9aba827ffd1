import ForceCore

/// Records what a pipeline did as comparable lines (touch phases, positions and forces; every
/// interaction call), without times, so a live session and a replayed file can be compared.
final class PipelineLog: InputPipelineObserver, PreviewInteractionDelegate {
    private(set) var lines: [String] = []
    let pipeline: InputPipeline

    init(device: DeviceDescription) {
        pipeline = InputPipeline(device: device)
        pipeline.observer = self
        pipeline.interaction.delegate = self
    }

    func pipeline(_ pipeline: InputPipeline, didCompleteFrameAt time: Int64, touches: [Touch]) {
        for touch in touches {
            lines.append("touch \(touch.identifier) \(touch.phase.rawValue) \(touch.tool.rawValue) \(Int(touch.x)),\(Int(touch.y)) raw \(touch.rawPressure)")
        }
    }

    func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool {
        lines.append("shouldBegin")
        return true
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdatePreviewTransition transitionProgress: Double, ended: Bool) {
        lines.append("preview \(Int((transitionProgress * 1000).rounded())) \(ended)")
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdateCommitTransition transitionProgress: Double, ended: Bool) {
        lines.append("commit \(Int((transitionProgress * 1000).rounded())) \(ended)")
    }

    func previewInteractionDidCancel(_ previewInteraction: PreviewInteraction) {
        lines.append("cancel")
    }

    /// The interaction lines only.
    var interactionLines: [String] { lines.filter { !$0.hasPrefix("touch") } }
}
