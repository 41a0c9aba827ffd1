import ForceCore
import Testing

/// `.frameEnded`: every frame of the input, with the pen's proximity, to the sinks that ask for it
/// (calibration counts every report and a pen's time hovering), never to the others; and the
/// touches the end of the input cancels are told apart (`isFinishing`).
@Suite("Pipeline: every frame, pen proximity and the end of the input")
struct FrameEndedTests {
    final class Listener: SessionSink {
        let receivesEveryFrame: Bool
        var log: [String] = []

        init(everyFrame: Bool) { receivesEveryFrame = everyFrame }

        func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
            switch event {
            case .frame(let time, let touches):
                log.append("frame \(time) \(touches.map(\.phase.rawValue).joined(separator: ","))\(pipeline.isFinishing ? " finishing" : "")")
            case .frameEnded(let time, let pen):
                log.append("ended \(time) \(pen.isInProximity ? "in proximity at \(pen.distance)" : "away")")
            case .deviceAdded, .deviceRemoved, .interaction, .feedback:
                break
            }
        }
    }

    @Test func aPenHoveringThenTouchingIsHeardEveryFrameByTheSinksThatAsk() {
        let harness = PipelineHarness(TestDevices.penTablet())
        let every = Listener(everyFrame: true)
        let touches = Listener(everyFrame: false)
        harness.pipeline.attach(every)
        harness.pipeline.attach(touches)
        harness.frame(.key(KeyCode.toolPen, 1), .abs(AbsCode.x, 1000), .abs(AbsCode.y, 2000), .abs(AbsCode.distance, 40))
        harness.frame()
        harness.frame(.abs(AbsCode.distance, 0), .abs(AbsCode.pressure, 4000))
        harness.frame(.key(KeyCode.toolPen, 0), .abs(AbsCode.pressure, 0))
        #expect(every.log == [
            "ended 1000000 in proximity at 40",
            "ended 1010000 in proximity at 40",
            "frame 1020000 began", "ended 1020000 in proximity at 0",
            "frame 1030000 ended", "ended 1030000 away",
        ])
        #expect(touches.log == ["frame 1020000 began", "frame 1030000 ended"])
    }

    @Test func aSinkDetachedHearsNoMoreFramesAndTheEndOfTheInputIsNoFrame() {
        let harness = PipelineHarness()
        let every = Listener(everyFrame: true)
        harness.pipeline.attach(every)
        harness.frame(.abs(AbsCode.mtSlot, 0), .abs(AbsCode.mtTrackingID, 5), .abs(AbsCode.mtPressure, 30), .key(KeyCode.touch, 1))
        // The end of the input cancels the touch: a frame of its own, marked, and no `.frameEnded`.
        harness.pipeline.finish()
        #expect(every.log == ["frame 1000000 began", "ended 1000000 away", "frame 1000000 cancelled finishing"])
        #expect(!harness.pipeline.isFinishing)
        harness.pipeline.detach(every)
        harness.frame()
        #expect(every.log.count == 3)
    }
}
