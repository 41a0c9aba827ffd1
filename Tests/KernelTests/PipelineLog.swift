import ForceTestSupport
import ForceCore

/// Records what a pipeline did as comparable lines (touch phases, positions and forces; every
/// interaction call), without times, so a live session and a replayed file can be compared.
///
/// While events arrive it only stores what happened; the text is made when `lines` is read, so
/// that a live reader does little work per frame and keeps up with the device.
final class PipelineLog {
    private enum Entry {
        case touch(Touch)
        case shouldBegin
        case preview(Double, Bool)
        case commit(Double, Bool)
        case cancel
    }

    /// Collects the entries as a sink of the pipeline.
    private final class Recorder: SessionSink {
        var entries: [Entry] = []

        func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
            switch event {
            case .frame(_, let touches):
                for touch in touches { entries.append(.touch(touch)) }
            case .interaction(let interaction):
                switch interaction.kind {
                case .began: entries.append(.shouldBegin)
                case .preview(let progress, let ended): entries.append(.preview(progress, ended))
                case .commit(let progress, let ended): entries.append(.commit(progress, ended))
                case .cancelled: entries.append(.cancel)
                case .actionsRevealed, .actionHighlighted, .actionsHidden, .actionPerformed: break
                }
            case .deviceAdded, .deviceRemoved, .frameEnded, .feedback:
                break
            }
        }
    }

    private let recorder = Recorder()
    let pipeline: InputPipeline

    init(device: DeviceDescription) {
        pipeline = InputPipeline(device: device)
        recorder.entries.reserveCapacity(4096)
        pipeline.attach(recorder)
    }

    /// One line per touch change and per interaction call, in order.
    var lines: [String] {
        recorder.entries.map { entry in
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

    /// The interaction lines only.
    var interactionLines: [String] { lines.filter { !$0.hasPrefix("touch") } }
}
