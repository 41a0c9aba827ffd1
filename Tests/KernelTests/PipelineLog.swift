import ForceCore

/// Records what a pipeline did as comparable lines (touch phases, positions and forces; every
/// interaction call), without times, so a live session and a replayed file can be compared.
///
/// While events arrive it only stores what happened; the text is made when `lines` is read, so
/// that a live reader does little work per frame and keeps up with the device.
final class PipelineLog: InputPipelineObserver, PreviewInteractionDelegate {
    private enum Entry {
        case touch(Touch)
        case shouldBegin
        case preview(Double, Bool)
        case commit(Double, Bool)
        case cancel
    }

    private var entries: [Entry] = []
    let pipeline: InputPipeline

    init(device: DeviceDescription) {
        pipeline = InputPipeline(device: device)
        entries.reserveCapacity(4096)
        pipeline.observer = self
        pipeline.interaction.delegate = self
    }

    /// One line per touch change and per interaction call, in order.
    var lines: [String] {
        entries.map { entry in
            switch entry {
            case .touch(let touch):
                return "touch \(touch.identifier) \(touch.phase.rawValue) \(touch.tool.rawValue) \(Int(touch.x)),\(Int(touch.y)) raw \(touch.rawPressure)"
            case .shouldBegin:
                return "shouldBegin"
            case .preview(let progress, let ended):
                return "preview \(Int((progress * 1000).rounded())) \(ended)"
            case .commit(let progress, let ended):
                return "commit \(Int((progress * 1000).rounded())) \(ended)"
            case .cancel:
                return "cancel"
            }
        }
    }

    func pipeline(_ pipeline: InputPipeline, didCompleteFrameAt time: Int64, touches: [Touch]) {
        for touch in touches { entries.append(.touch(touch)) }
    }

    func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool {
        entries.append(.shouldBegin)
        return true
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdatePreviewTransition transitionProgress: Double, ended: Bool) {
        entries.append(.preview(transitionProgress, ended))
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdateCommitTransition transitionProgress: Double, ended: Bool) {
        entries.append(.commit(transitionProgress, ended))
    }

    func previewInteractionDidCancel(_ previewInteraction: PreviewInteraction) {
        entries.append(.cancel)
    }

    /// The interaction lines only.
    var interactionLines: [String] { lines.filter { !$0.hasPrefix("touch") } }
}
