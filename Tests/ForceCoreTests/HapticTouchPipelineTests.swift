import ForceCore
import Testing

/// Haptic Touch through the whole pipeline: a touchscreen with neither pressure nor contact size
/// previews and commits a touch held still, although a still finger sends no events.
@Suite("Haptic Touch: pipeline")
struct HapticTouchPipelineTests {
    /// A touchscreen with neither pressure nor contact size (MT protocol B), 1080 × 2340 units
    /// without resolution: the slop is 1/32 of 1080, 33.75 units.
    static let device = DeviceDescription(
        name: "Forceless Touchscreen", properties: PropertySet([InputProperty.direct]),
        codes: [.key: CodeSet([KeyCode.touch])],
        axes: [
            AbsCode.x: AxisInfo(minimum: 0, maximum: 1080), AbsCode.y: AxisInfo(minimum: 0, maximum: 2340),
            AbsCode.mtSlot: AxisInfo(minimum: 0, maximum: 9),
            AbsCode.mtPositionX: AxisInfo(minimum: 0, maximum: 1080), AbsCode.mtPositionY: AxisInfo(minimum: 0, maximum: 2340),
            AbsCode.mtTrackingID: AxisInfo(minimum: 0, maximum: 65535),
        ])

    /// Records the frames it sees, with the interaction's counts at that moment.
    final class FrameLog: SessionSink {
        var frames: [(time: Int64, counts: [Int])] = []
        func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
            if case .frame(let time, _) = event { frames.append((time, pipeline.interaction.statistics.counts)) }
        }
    }

    let pipeline = InputPipeline(device: Self.device)

    func down(at time: Int64, x: Int32 = 540, y: Int32 = 1200) {
        pipeline.process([
            InputEvent(time: time, type: .abs, code: AbsCode.mtTrackingID, value: 7),
            InputEvent(time: time, type: .abs, code: AbsCode.mtPositionX, value: x),
            InputEvent(time: time, type: .abs, code: AbsCode.mtPositionY, value: y),
            InputEvent(time: time, type: .key, code: KeyCode.touch, value: 1),
            .report(at: time),
        ])
    }

    func move(at time: Int64, y: Int32) {
        pipeline.process([InputEvent(time: time, type: .abs, code: AbsCode.mtPositionY, value: y), .report(at: time)])
    }

    func lift(at time: Int64) {
        pipeline.process(SlotFrames.lift(at: time))
    }

    @Test func theDeviceDrivesInteractionsByDuration() {
        #expect(pipeline.forceModel.forceSource == .duration)
        #expect(pipeline.interaction.forceSource == .duration)
        #expect(pipeline.interaction.isAvailable)
    }

    @Test func aPressHeldStillPreviewsAndCommitsWithNoEventsBetween() {
        let log = TimedInteractionLog(observing: pipeline.interaction)
        let frames = FrameLog()
        pipeline.attach(frames)
        down(at: 2_000_000)
        #expect(pipeline.nextDeadline == 2_150_000)
        lift(at: 3_200_000)
        #expect(log.time(of: .shouldBegin(true)) == 2_150_000)
        #expect(log.time(of: .feedback(.peek)) == 2_500_000)
        #expect(log.time(of: .feedback(.pop)) == 3_000_000)
        PreviewInteractionPropertyTests.checkGrammar(log.calls)
        #expect(pipeline.summary.previewsEnded == 1 && pipeline.summary.commits == 1 && pipeline.summary.cancels == 0)
        // Observers see the lift after the commit it came after.
        #expect(frames.frames.map(\.time) == [2_000_000, 3_200_000])
        #expect(frames.frames.last?.counts == [1, 1, 1, 0])
    }

    @Test func aRuntimeAdvancingAtEveryDeadlineGetsTheSameCalls() {
        let framesOnly = TimedInteractionLog(observing: pipeline.interaction)
        down(at: 0)
        lift(at: 1_300_000)
        let other = InputPipeline(device: Self.device)
        let timed = TimedInteractionLog(observing: other.interaction)
        other.process([
            InputEvent(time: 0, type: .abs, code: AbsCode.mtTrackingID, value: 7),
            InputEvent(time: 0, type: .abs, code: AbsCode.mtPositionX, value: 540),
            InputEvent(time: 0, type: .abs, code: AbsCode.mtPositionY, value: 1200),
            .report(at: 0),
        ])
        var wakeups = 0
        while let deadline = other.nextDeadline, deadline <= 1_300_000 {
            other.advance(to: deadline)
            wakeups += 1
        }
        #expect(wakeups == 52, "the begin, 21 preview steps, the peek, 29 commit steps")
        other.process([InputEvent(time: 1_300_000, type: .abs, code: AbsCode.mtTrackingID, value: -1), .report(at: 1_300_000)])
        #expect(timed.transcript == framesOnly.transcript)
        #expect(other.summary.commits == 1)
    }

    @Test func aSwipeBeginsNothing() {
        let log = InteractionLog(observing: pipeline.interaction)
        down(at: 0)
        for step in 1...20 { move(at: Int64(step) * 11_000, y: 1200 - Int32(step) * 30) }
        lift(at: 400_000)
        pipeline.finish()
        #expect(log.calls.isEmpty)
        #expect(pipeline.summary.touches == 1)
    }

    @Test func endOfInputDuringThePreviewCancelsAtThatTime() {
        let log = TimedInteractionLog(observing: pipeline.interaction)
        down(at: 0)
        pipeline.finish(at: 300_000)
        #expect(log.calls.last == .cancel)
        #expect(log.time(of: .cancel) == 300_000)
        #expect(pipeline.summary.cancels == 1)
    }

    @Test func endOfInputAfterThePopCommitsFirst() {
        let log = InteractionLog(observing: pipeline.interaction)
        down(at: 0)
        pipeline.finish(at: 1_500_000)
        #expect(log.calls.suffix(2) == [.commit(1, ended: true), .feedback(.pop)])
        #expect(pipeline.summary.commits == 1 && pipeline.summary.cancels == 0)
    }

    @Test func theTouchDurationSettingReachesTheInteraction() {
        let slow = InputPipeline(device: Self.device, sensitivity: TouchSensitivity(touchDuration: .slow))
        let log = TimedInteractionLog(observing: slow.interaction)
        slow.process([InputEvent(time: 0, type: .abs, code: AbsCode.mtTrackingID, value: 1), .report(at: 0)])
        slow.process([InputEvent(time: 1_300_000, type: .abs, code: AbsCode.mtTrackingID, value: -1), .report(at: 1_300_000)])
        #expect(log.time(of: .feedback(.peek)) == 800_000)
        #expect(log.calls.last == .cancel, "lifted before the slow pop at 1.6 s")
    }
}
