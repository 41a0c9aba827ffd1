import ForceCore
import ForceRecording

/// What the pipeline made of a recording: every touch update and interaction event, with times
/// relative to the first event, for comparing the same session read from different formats.
final class Transcript: InputPipelineObserver, PreviewInteractionDelegate {
    enum Entry: Hashable, CustomStringConvertible {
        case touch(time: Int64, Touch)
        case interaction(time: Int64, event: String, progress: Double?, ended: Bool?)

        var description: String {
            switch self {
            case .touch(let time, let touch):
                return "\(time) touch \(touch.identifier) \(touch.phase) \(touch.tool) (\(touch.x), \(touch.y)) force \(touch.force)"
            case .interaction(let time, let event, let progress, let ended):
                return "\(time) \(event) \(progress.map { "\($0)" } ?? "-") \(ended.map { "\($0)" } ?? "-")"
            }
        }
    }

    private(set) var entries: [Entry] = []
    private var frameTime: Int64 = 0
    private var origin: Int64 = 0
    private let pipeline: InputPipeline

    /// Runs every event of `recording` through a pipeline with default calibration.
    init(_ recording: Recording) {
        pipeline = InputPipeline(device: recording.description)
        origin = recording.events.first?.time ?? 0
        pipeline.observer = self
        pipeline.interaction.delegate = self
        pipeline.process(recording.events)
        pipeline.finish()
    }

    /// The pipeline's summary after the whole recording.
    var summary: SessionSummary { pipeline.summary }

    func pipeline(_ pipeline: InputPipeline, didCompleteFrameAt time: Int64, touches: [Touch]) {
        frameTime = time - origin
        for var touch in touches {
            touch.timestamp -= origin
            entries.append(.touch(time: frameTime, touch))
        }
    }

    func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool {
        entries.append(.interaction(time: frameTime, event: "shouldBegin", progress: nil, ended: nil))
        return true
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdatePreviewTransition transitionProgress: Double, ended: Bool) {
        entries.append(.interaction(time: frameTime, event: "preview", progress: transitionProgress, ended: ended))
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdateCommitTransition transitionProgress: Double, ended: Bool) {
        entries.append(.interaction(time: frameTime, event: "commit", progress: transitionProgress, ended: ended))
    }

    func previewInteractionDidCancel(_ previewInteraction: PreviewInteraction) {
        entries.append(.interaction(time: frameTime, event: "cancel", progress: nil, ended: nil))
    }

    /// The interaction events alone, in order.
    var interactionEvents: [String] {
        entries.compactMap { entry in
            if case .interaction(_, let event, _, let ended) = entry { return ended == true ? "\(event) ended" : event }
            return nil
        }
    }
}
