import ForceCore
import ForcePlot
import ForceRecording
import ForceTestSupport
import Testing

/// Plots show the action phases: the bands after the peek where actions are shown and where one
/// was performed, and the selection ticks among the haptics.
@Suite("Plots: action phases")
struct ActionPhaseTests {
    /// Records `name` with `delegate` answering for the pipeline's interaction.
    static func record(_ name: String, delegate: ActionTranscript) throws -> SessionTimeline {
        let recording = try Recording(contentsOf: Repository.recording("\(name).evemu"))
        let pipeline = InputPipeline(device: recording.description)
        pipeline.delegate = delegate
        let recorder = SessionRecorder(attachingTo: pipeline)
        pipeline.process(recording.events)
        pipeline.finish()
        return recorder.session
    }

    @Test func aPerformedPeekActionIsABandAfterTheActionsBand() throws {
        let session = try Self.record("peek-action", delegate: ActionTranscript(actions: ActionTranscript.cellActions))
        #expect(session.phases.map(\.phase) == [.preview, .commit, .actions, .performed])
        #expect(session.haptics.map(\.moment) == [.peek, .selection, .selection])
        let phases = session.phases
        #expect(zip(phases, phases.dropFirst()).allSatisfy { $0.end == $1.start }, "no gaps between the bands")
        let svg = try SessionPlot(session: session).svg()
        #expect(svg.contains(#"data-phase="actions""#) && svg.contains(#"data-phase="performed""#))
    }

    @Test func withoutActionsTheSameRecordingPlotsAsBefore() throws {
        let session = try Self.record("peek-action", delegate: ActionTranscript())
        #expect(session.phases.map(\.phase) == [.preview, .commit, .cancelled])
        #expect(session.haptics.map(\.moment) == [.peek])
    }
}
