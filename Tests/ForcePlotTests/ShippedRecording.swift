import Foundation
import ForceCore
import ForcePlot
import ForceRecording
import Testing

/// A recording in `recordings/` and what its plot must show.
struct ShippedRecording: CustomTestStringConvertible, Sendable {
    /// The file name without `.evemu`.
    var name: String
    /// How many touches (force series).
    var touches: Int
    /// The interaction bands in order, each with the touch that drove it.
    var phases: [(InteractionPhase, touch: Int)]
    /// The haptic firings in order.
    var haptics: [PreviewFeedbackMoment]
    /// Whether the device measures force.
    var hasPressure = true

    var testDescription: String { name }

    static let all: [ShippedRecording] = [
        ShippedRecording(name: "stylus-commit", touches: 1,
                         phases: [(.preview, 1), (.commit, 1), (.completed, 1)], haptics: [.peek, .pop]),
        ShippedRecording(name: "touchscreen-cancel", touches: 1,
                         phases: [(.preview, 1), (.cancelled, 1)], haptics: []),
        ShippedRecording(name: "touchscreen-tap", touches: 2, phases: [], haptics: []),
        ShippedRecording(name: "touchscreen-two-fingers", touches: 2,
                         phases: [(.preview, 1), (.commit, 1), (.cancelled, 1)], haptics: [.peek]),
        ShippedRecording(name: "worn-pen", touches: 1,
                         phases: [(.preview, 1), (.commit, 1), (.completed, 1)], haptics: [.peek, .pop]),
        ShippedRecording(name: "touchscreen-palm", touches: 1,
                         phases: [(.preview, 1), (.cancelled, 1)], haptics: []),
        ShippedRecording(name: "no-pressure", touches: 2,
                         phases: [(.preview, 1), (.commit, 1), (.completed, 1)], haptics: [.peek, .pop], hasPressure: false),
    ]

    /// The path of the file.
    var path: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("recordings/\(name).evemu").path
    }

    /// The session, replayed through a default pipeline with a recorder attached.
    func session() throws -> SessionTimeline {
        let recording = try Recording(contentsOf: path)
        let pipeline = InputPipeline(device: recording.description)
        let recorder = SessionRecorder(attachingTo: pipeline)
        pipeline.process(recording.events)
        pipeline.finish()
        return recorder.session
    }
}
