import ForceCore
import Testing

/// `InputPipeline.summary` and the frames its sinks hear.
@Suite("Input pipeline summary")
struct InputPipelineSummaryTests {
    final class FrameRecorder: SessionSink {
        var frames: [(time: Int64, touches: [String])] = []
        func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
            if case .frame(let time, let touches) = event { frames.append((time, touches.map(\.testDescription))) }
        }
    }

    @Test func summaryCountsEventsFramesTouchesAndOutcomes() {
        let harness = PipelineHarness()
        harness.frame(.abs(AbsCode.mtTrackingID, 1), .abs(AbsCode.mtPositionX, 100), .abs(AbsCode.mtPressure, 75))
        harness.frame(.abs(AbsCode.mtPressure, 100))
        harness.frame(.abs(AbsCode.mtPressure, 150))
        harness.frame(.abs(AbsCode.mtTrackingID, -1))
        harness.frame()
        harness.frame(.abs(AbsCode.mtSlot, 1), .abs(AbsCode.mtTrackingID, 2), .abs(AbsCode.mtPressure, 75))
        harness.frame(.abs(AbsCode.mtTrackingID, -1))
        let summary = harness.pipeline.summary
        #expect(summary.events == 4 + 2 + 2 + 2 + 1 + 4 + 2)
        #expect(summary.frames == 7)
        #expect(summary.touches == 2)
        #expect(summary.peakNormalizedForce == 150.0 / 255.0)
        #expect(summary.previewsEnded == 1)
        #expect(summary.commits == 1)
        #expect(summary.cancels == 1)
    }

    @Test func emptySessionSummary() {
        let pipeline = InputPipeline(device: TestDevices.slotTouchscreen())
        pipeline.finish()
        #expect(pipeline.summary == SessionSummary())
    }

    @Test func sinksHearOnlyFramesThatChangedTouches() {
        let harness = PipelineHarness()
        let recorder = FrameRecorder()
        harness.pipeline.attach(recorder)
        harness.frame(.abs(AbsCode.mtTrackingID, 1), .abs(AbsCode.mtPressure, 75))
        harness.frame()
        harness.frame(.abs(AbsCode.mtPressure, 75))
        harness.frame(.abs(AbsCode.mtPressure, 76))
        harness.pipeline.finish(at: 2_000_000)
        #expect(recorder.frames.map(\.time) == [1_000_000, 1_030_000, 2_000_000])
        #expect(recorder.frames.map(\.touches) == [
            ["began #1 s0 finger 0,0 p75"], ["stationary #1 s0 finger 0,0 p76"], ["cancelled #1 s0 finger 0,0 p0"],
        ])
        #expect(harness.pipeline.summary.frames == 4)
    }

    @Test func timesAreRelativeToTheFirstEvent() {
        let harness = PipelineHarness()
        harness.frame(.abs(AbsCode.mtTrackingID, 1))
        harness.frame()
        #expect(harness.pipeline.timeOrigin == 1_000_000)
        #expect(harness.pipeline.lastEventTime == 1_010_000)
        #expect(harness.pipeline.relativeSeconds(1_250_000) == 0.25)
    }
}
