@testable import ForceCore
import ForceRecording

/// What the pipeline made of a recording: every touch update and interaction event, with times
/// relative to the first event, for comparing the same session read from different formats.
final class Transcript: SessionSink {
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
    /// The pipeline's summary after the whole recording.
    private(set) var summary = SessionSummary()
    private var origin: Int64 = 0

    /// Runs every event of `recording` through a pipeline with default calibration.
    init(_ recording: Recording) {
        let pipeline = InputPipeline(device: recording.description)
        origin = recording.events.first?.time ?? 0
        pipeline.attach(self)
        pipeline.process(recording.events)
        pipeline.finish()
        summary = pipeline.summary
        pipeline.detach(self)
    }

    func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        switch event {
        case .frame(let time, let touches):
            for var touch in touches {
                touch.timestamp -= origin
                entries.append(.touch(time: time - origin, touch))
            }
        case .interaction(let interaction):
            let time = interaction.time - origin
            switch interaction.kind {
            case .began: entries.append(.interaction(time: time, event: "shouldBegin", progress: nil, ended: nil))
            case .preview(let progress, let ended): entries.append(.interaction(time: time, event: "preview", progress: progress, ended: ended))
            case .commit(let progress, let ended): entries.append(.interaction(time: time, event: "commit", progress: progress, ended: ended))
            case .cancelled: entries.append(.interaction(time: time, event: "cancel", progress: nil, ended: nil))
            case .actionsRevealed: entries.append(.interaction(time: time, event: "actionsRevealed", progress: nil, ended: nil))
            case .actionHighlighted: entries.append(.interaction(time: time, event: "actionHighlighted", progress: nil, ended: nil))
            case .actionsHidden: entries.append(.interaction(time: time, event: "actionsHidden", progress: nil, ended: nil))
            case .actionPerformed: entries.append(.interaction(time: time, event: "actionPerformed", progress: nil, ended: nil))
            }
        case .deviceAdded, .deviceRemoved, .frameEnded, .feedback:
            break
        }
    }

    /// The interaction events alone, in order.
    var interactionEvents: [String] {
        entries.compactMap { entry in
            if case .interaction(_, let event, _, let ended) = entry { return ended == true ? "\(event) ended" : event }
            return nil
        }
    }
}
