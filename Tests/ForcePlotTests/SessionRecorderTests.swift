import ForceCore
import ForcePlot
import ForceRecording
import Testing

/// The recorder records without changing what the pipeline's delegate and other sinks see.
@Suite("Session recorder")
struct SessionRecorderTests {
    /// Counts what a pipeline's delegate and a sink receive.
    final class Listener: SessionSink, PreviewInteractionDelegate {
        var log: [String] = []
        var allowsBegin = true

        func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
            switch event {
            case .frame(let time, let touches):
                log.append("frame \(time) " + touches.map { "\($0.identifier):\($0.phase.rawValue):\($0.force)" }.joined(separator: ","))
            case .feedback(let moment, _, _):
                log.append("feedback \(moment.rawValue)")
            case .deviceAdded, .deviceRemoved, .interaction, .frameEnded:
                break
            }
        }

        func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool {
            log.append("shouldBegin")
            return allowsBegin
        }

        func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdatePreviewTransition transitionProgress: Double, ended: Bool) {
            log.append("preview \(transitionProgress) \(ended)")
        }

        func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdateCommitTransition transitionProgress: Double, ended: Bool) {
            log.append("commit \(transitionProgress) \(ended)")
        }

        func previewInteractionDidCancel(_ previewInteraction: PreviewInteraction) {
            log.append("cancel")
        }
    }

    private func replay(_ name: String, listener: Listener, recording: Bool) throws -> SessionTimeline? {
        let shipped = try #require(ShippedRecording.all.first { $0.name == name })
        let file = try Recording(contentsOf: shipped.path)
        let pipeline = InputPipeline(device: file.description)
        pipeline.delegate = listener
        let recorder = recording ? SessionRecorder(attachingTo: pipeline) : nil
        pipeline.attach(listener)
        pipeline.process(file.events)
        pipeline.finish()
        return recorder?.session
    }

    @Test("The delegate and a sink attached after it see exactly the same calls", arguments: ["stylus-commit", "touchscreen-two-fingers", "touchscreen-palm"])
    func forwardsEverything(name: String) throws {
        let alone = Listener()
        _ = try replay(name, listener: alone, recording: false)
        let beside = Listener()
        _ = try replay(name, listener: beside, recording: true)
        #expect(!alone.log.isEmpty)
        #expect(beside.log == alone.log)
    }

    @Test("A declined shouldBegin is forwarded, and no band is recorded")
    func declinedBegin() throws {
        let listener = Listener()
        listener.allowsBegin = false
        let session = try #require(try replay("stylus-commit", listener: listener, recording: true))
        #expect(listener.log.contains("shouldBegin"))
        #expect(session.phases.isEmpty)
        #expect(session.haptics.isEmpty)
    }

    @Test("Phases follow each other without gaps and end when the driving touch lifts")
    func phaseTiming() throws {
        let listener = Listener()
        let session = try #require(try replay("stylus-commit", listener: listener, recording: true))
        let phases = session.phases
        #expect(phases.map(\.phase) == [.preview, .commit, .completed])
        #expect(zip(phases, phases.dropFirst()).allSatisfy { $0.end == $1.start })
        let touch = try #require(session.touches.first)
        #expect(phases.last?.end == touch.liftTime)
        #expect(session.haptics.map(\.time) == [phases[0].end, phases[1].end])
        let thresholds = try #require(session.thresholds)
        #expect(session.haptics[0].force >= thresholds.previewEnd)
        #expect(session.haptics[1].force >= thresholds.commitEnd)
    }

    @Test("A cancel at lift is a zero-length band at the lift")
    func cancelAtLift() throws {
        let listener = Listener()
        let session = try #require(try replay("touchscreen-cancel", listener: listener, recording: true))
        let cancel = try #require(session.phases.last)
        #expect(cancel.phase == .cancelled)
        #expect(cancel.duration == 0)
        #expect(cancel.start == session.touches.first?.liftTime)
    }

    @Test("Each touch's samples are in time order, one per frame that reported it")
    func samples() throws {
        let listener = Listener()
        let session = try #require(try replay("touchscreen-two-fingers", listener: listener, recording: true))
        for touch in session.touches {
            #expect(zip(touch.samples, touch.samples.dropFirst()).allSatisfy { $0.time < $1.time })
            #expect(touch.samples.first?.time == touch.downTime)
            #expect(touch.samples.last?.time == touch.liftTime)
            #expect(touch.ending == .lifted)
        }
    }
}
