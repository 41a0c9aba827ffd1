import ForceCore

/// Follows each touch through a pipeline for `RecordingAnalysis`: when it began and ended, how,
/// its frames, peak force and raw pressures. It passes every frame on to the observer it found
/// on the pipeline.
final class ContactCollector: InputPipelineObserver {
    struct Contact {
        var identifier: Int
        var slot: Int
        var tool: ToolType
        var start: Double
        var end: Double?
        var ending: ContactAnalysis.Ending?
        var frames = 0
        var peakForce = 0.0
        var peakRawPressure: Int32 = .min
        var rawPressures: [Int32] = []
    }

    private(set) var contacts: [Contact] = []
    private var indices: [Int: Int] = [:]
    private weak var nextObserver: (any InputPipelineObserver)?
    /// Set while the pipeline cancels what is left at the end of the recording.
    var isFinishing = false

    init(attachingTo pipeline: InputPipeline) {
        nextObserver = pipeline.observer
        pipeline.observer = self
    }

    /// Gives the pipeline back the observer it had.
    func detach(from pipeline: InputPipeline) {
        if pipeline.observer === self { pipeline.observer = nextObserver }
    }

    func pipeline(_ pipeline: InputPipeline, didCompleteFrameAt time: Int64, touches: [Touch]) {
        let seconds = pipeline.relativeSeconds(time)
        for touch in touches {
            let index = indices[touch.identifier] ?? {
                indices[touch.identifier] = contacts.count
                contacts.append(Contact(identifier: touch.identifier, slot: touch.slot, tool: touch.tool, start: seconds))
                return contacts.count - 1
            }()
            contacts[index].frames += 1
            if touch.phase.isTerminal {
                contacts[index].end = seconds
                contacts[index].ending = isFinishing ? .endOfRecording
                    : touch.tool == .palm ? .palm : touch.phase == .ended ? .lifted : .cancelled
            } else {
                contacts[index].peakForce = max(contacts[index].peakForce, touch.force)
                contacts[index].peakRawPressure = max(contacts[index].peakRawPressure, touch.rawPressure)
                contacts[index].rawPressures.append(touch.rawPressure)
            }
        }
        nextObserver?.pipeline(pipeline, didCompleteFrameAt: time, touches: touches)
    }
}
