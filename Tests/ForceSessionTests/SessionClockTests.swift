import ForceCalibrationKit
import ForceCore
import ForceDevices
import ForceRecording
import ForceSession
import ForceTestSupport
import RatingOverlay
import Testing

/// One clock for every time-driven part of a session (`TimeDriven`): the pipeline's Haptic
/// Touch, a calibration's step timeout, the rating overlay's loads and any other part are
/// advanced at their own deadlines, in time order, between frames: in virtual time at maximum
/// speed, on the loop's timer when paced, the same either way.
@Suite("Session clock", .serialized)
struct SessionClockTests {
    /// What happened, in the order it happened: a part's step or a sink's event, at its time.
    final class ClockLog: SessionSink, RatingOverlayObserver {
        var entries: [(what: String, time: Int64)] = []
        /// Whether every frame is logged, not only those where touches changed.
        let logsEveryFrame: Bool

        init(logsEveryFrame: Bool = false) { self.logsEveryFrame = logsEveryFrame }

        var receivesEveryFrame: Bool { logsEveryFrame }

        func add(_ what: String, at time: Int64) { entries.append((what, time)) }

        func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
            switch event {
            case .frame(let time, let touches) where !logsEveryFrame: add("frame \(touches.map(\.phase.rawValue))", at: time)
            case .frameEnded(let time, _): add("frame", at: time)
            case .interaction(let interaction): add("interaction \(interaction.kind)", at: interaction.time)
            case .deviceAdded, .deviceRemoved, .frame, .feedback: break
            }
        }

        func ratingOverlay(_ overlay: RatingOverlay, didRecord event: OverlayEvent) {
            add("overlay \(event.kind)", at: event.time)
        }

        var lines: [String] { entries.map { "\($0.time) \($0.what)" } }
        var isInTimeOrder: Bool { zip(entries, entries.dropFirst()).allSatisfy { $0.time <= $1.time } }
        /// The entries logged after the first frame's and before the last frame's.
        var betweenFrames: [String] {
            let frames = entries.indices.filter { entries[$0].what.hasPrefix("frame") }
            guard let first = frames.first, let last = frames.last, first < last else { return [] }
            return entries[(first + 1)..<last].map(\.what)
        }
    }

    /// A part that ticks every `period` from the first frame, `count` times.
    final class Metronome: TimeDriven {
        let name: String
        let period: Int64
        private var remaining: Int
        private let log: ClockLog
        private var next: Int64?

        init(_ name: String, period: Int64, count: Int, log: ClockLog) {
            self.name = name
            self.period = period
            remaining = count
            self.log = log
        }

        var nextDeadline: Int64? { remaining > 0 ? next : nil }

        func advance(to time: Int64) {
            guard var tick = next else {
                next = time + period
                return
            }
            while remaining > 0, tick <= time {
                log.add("tick \(name)", at: tick)
                remaining -= 1
                tick += period
            }
            next = tick
        }
    }

    /// A still finger on a touchscreen without force, recorded: two frames 1.2 s apart, a Haptic
    /// Touch previewing and committing between them.
    private func stillFinger(in folder: TemporaryDirectory, device: DeviceDescription = TestDevices.touchscreenWithoutForce()) throws -> String {
        let path = folder.path("still.evemu")
        let writer = try EvemuWriter(path: path, description: device)
        try writer.write(contentsOf: TestDevices.stillFinger())
        try writer.close()
        return path
    }

    /// The log of a session of `path` at `speed` with the pipeline's Haptic Touch and two
    /// metronomes on its clock.
    private func metronomeLog(_ path: String, speed: ReplaySpeed) throws -> ClockLog {
        let log = ClockLog()
        let session = Session(source: try RecordingSource(path: path, speed: speed))
        session.pipeline.attach(log)
        session.schedule(Metronome("a", period: 100_000, count: 5, log: log))
        session.schedule(Metronome("b", period: 250_000, count: 3, log: log))
        try session.run()
        return log
    }

    @Test func partsOnTheClockAdvanceAtTheirDeadlinesInTimeOrderBetweenFrames() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try stillFinger(in: folder)
        let fast = try metronomeLog(path, speed: .maximum)
        #expect(fast.isInTimeOrder, "\(fast.lines)")
        let between = fast.betweenFrames
        #expect(between.count { $0 == "tick a" } == 5 && between.count { $0 == "tick b" } == 3, "\(fast.lines)")
        #expect(between.contains { $0.hasPrefix("interaction commit") }, "the Haptic Touch commits between the frames: \(fast.lines)")
        // 0.5 s after the first frame is a's and b's deadline: the parts due then move in the
        // order they are on the clock.
        let a = try #require(fast.lines.firstIndex(of: "500000 tick a"))
        #expect(fast.lines[a + 1] == "500000 tick b")
        let paced = try metronomeLog(path, speed: .factor(10))
        #expect(paced.lines == fast.lines)
    }

    /// A rating overlay on a touchscreen without force: its loads and the pipeline's Haptic Touch
    /// share the session's clock, so the press finds its cell loaded on time.
    @Test func theOverlaysLoadsAndTheHapticTouchShareTheClock() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = try stillFinger(in: folder)
        let fast = try overlayLog(path, speed: .maximum)
        #expect(fast.isInTimeOrder, "\(fast.lines)")
        let between = fast.betweenFrames
        #expect(between.filter { $0.hasPrefix("overlay loaded") }.count == 5, "every visible and prefetched row loads between the frames: \(fast.lines)")
        #expect(between.contains { $0.hasPrefix("overlay pressBegan") } && between.contains { $0.hasPrefix("overlay rated") },
                "the press waits for its cell, then rates it: \(fast.lines)")
        #expect(try overlayLog(path, speed: .factor(10)).lines == fast.lines)
    }

    /// The log of the overlay and its pipeline in a session of `path` at `speed`.
    private func overlayLog(_ path: String, speed: ReplaySpeed) throws -> ClockLog {
        let source = try RecordingSource(path: path, speed: speed)
        let overlay = RatingOverlay(pipeline: InputPipeline(device: source.device), store: EmojiDataStore(loadDelay: 50_000))
        let log = ClockLog()
        overlay.observer = log
        overlay.pipeline.attach(log)
        let session = Session(source: source, pipeline: overlay.pipeline)
        session.schedule(overlay)
        try session.run()
        return log
    }

    /// A calibration and a rating overlay on one session of a touchscreen with pressure: one
    /// light tap, then nothing for 6 s, then a report. The overlay's loads finish and the
    /// calibration's step times out between the two, before the input ends.
    @Test(arguments: [ReplaySpeed.maximum, .factor(20)])
    func aCalibrationAndTheOverlayShareTheClock(speed: ReplaySpeed) throws {
        let device = TestDevices.touchscreen()
        var events = ScriptedGesture.press(peak: 20, frames: 6, start: 1_000_000).flatMap { $0 }
        let lastReport = events.last!.time + 6_000_000
        events.append(.report(at: lastReport))
        let calibration = CalibrationSession(device: device)
        let source = try RecordingSource(reader: InMemoryRecordingReader(Recording(description: device, events: events)), speed: speed)
        let session = Session(source: source, pipeline: calibration.makePipeline())
        let overlay = RatingOverlay(pipeline: session.pipeline, store: EmojiDataStore(loadDelay: 100_000))
        let log = ClockLog(logsEveryFrame: true)
        overlay.observer = log
        session.pipeline.attach(log)
        session.attach(calibration)
        session.schedule(overlay)
        calibration.noticeHandler = { [unowned session] notices in
            for notice in notices where session.state == .running {
                log.add("calibration \(notice)", at: session.pipeline.lastEventTime)
            }
        }
        try session.run()
        let between = log.betweenFrames
        #expect(between.filter { $0.hasPrefix("overlay loaded") }.count == 5, "\(log.lines)")
        #expect(between.last?.hasPrefix("calibration") == true, "the step times out last, 4 s after the tap: \(log.lines)")
        #expect(between.contains { $0.hasPrefix("calibration") && $0.contains("repeat") }, "the step times out before the last report: \(log.lines)")
        #expect(CalibrationFixtureAnswers.rejections(calibration) == [.tooFewPresses(count: 1, needed: 3)])
        #expect(calibration.events.count == events.count, "the calibration kept the input it measured")
    }

    /// A part whose deadline changes between frames, other than by the input (as a key restarts
    /// a calibration step or scrolls the overlay), is advanced on time once the session hears
    /// of it: before the next frame is read, not with it.
    @Test func aDeadlineSetBetweenFramesIsKeptOnTime() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        final class Alarm: TimeDriven {
            var nextDeadline: Int64?
            var rangWith: Int64?
            unowned let pipeline: InputPipeline
            init(pipeline: InputPipeline) { self.pipeline = pipeline }
            func advance(to time: Int64) {
                guard let deadline = nextDeadline, deadline <= time else { return }
                rangWith = pipeline.lastEventTime
                nextDeadline = nil
            }
        }
        let runtime = try SessionRuntime()
        // On a touchscreen with pressure the still finger presses with none: the pipeline has no
        // deadline of its own that would set the timer anyway.
        let path = try stillFinger(in: folder, device: TestDevices.touchscreen())
        let session = Session(source: try RecordingSource(path: path, speed: .factor(1)))
        let alarm = Alarm(pipeline: session.pipeline)
        session.schedule(alarm)
        // Soon after the first frame, from outside the input: the alarm is set for 0.6 s later.
        var firstFrame: Int64?
        let setter = runtime.loop.makeTimer { [unowned session] in
            alarm.nextDeadline = (firstFrame ?? 0) + 600_000
            session.deadlinesDidChange()
        }
        let hook = FrameHook { [unowned session] in
            firstFrame = session.pipeline.lastEventTime
            setter.schedule(after: .milliseconds(20))
        }
        session.pipeline.attach(hook)
        try runtime.start(session)
        try runtime.run()
        #expect(alarm.rangWith != nil && alarm.rangWith == firstFrame, "rung between the frames, with the first frame the last one read")
    }
}

/// Calls `action` after the first frame.
private final class FrameHook: SessionSink {
    private var action: (() -> Void)?

    init(_ action: @escaping () -> Void) { self.action = action }

    func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        guard case .frame = event, let action else { return }
        self.action = nil
        action()
    }
}

/// The problems of the steps `calibration` rejected, in order.
enum CalibrationFixtureAnswers {
    static func rejections(_ calibration: CalibrationSession) -> [CalibrationProblem] {
        calibration.notices.compactMap { if case .stepRejected(_, let problem) = $0 { problem } else { nil } }
    }
}
