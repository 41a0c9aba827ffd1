import ForceCalibrationKit
import ForceCore
import ForceRecording
import ForceSession
import Testing

/// Steps that are too short, too noisy or have too few presses are repeated, with the reason;
/// single bad presses are not counted; the session then goes on to the same result.
@Suite("Calibration: judging steps")
struct StepJudgingTests {
    let screen = CalibrationFixtures.elanTouchscreen()

    /// Ordinary and firm presses at 40 and 132 after whatever `lightTaps` did.
    func session(lightTaps: (inout SessionSynthesizer) -> Void) throws -> CalibrationSession {
        var script = SessionSynthesizer(device: screen, seed: 7)
        lightTaps(&script)
        script.pause(1)
        CalibrationFixtures.pressFive(&script, peak: 40, isTap: false)
        script.pause(1)
        CalibrationFixtures.pressFive(&script, peak: 132, isTap: false)
        return try CalibrationFixtures.replay(script.events, on: screen)
    }

    @Test func noisyStepIsRepeatedThenAccepted() throws {
        let session = try session { script in
            for peak in [10.0, 45, 12, 50, 14] { script.press(peak: peak, rise: 0.03, hold: 0.02, fall: 0.03); script.pause(0.3) }
            script.pause(1)
            CalibrationFixtures.pressFive(&script, peak: 20, isTap: true)
        }
        guard case .pressesVaryTooMuch(let lowest, let highest) = try #require(CalibrationFixtures.rejections(session).first) else {
            Issue.record("expected a noisy step, got \(CalibrationFixtures.rejections(session))")
            return
        }
        #expect(lowest < 15 && highest > 45)
        #expect(CalibrationFixtures.rejections(session).count == 1)
        #expect(session.state == .finished)
        let light = try #require(session.result?.measurement(of: .lightTaps))
        #expect(abs(light.level - 20) <= 2, "the repeated step is measured, not the noisy one")
    }

    @Test func pauseWithTooFewPressesRepeatsTheStep() throws {
        let session = try session { script in
            script.press(peak: 20, rise: 0.03, hold: 0.02, fall: 0.03)
            script.pause(0.3)
            script.press(peak: 21, rise: 0.03, hold: 0.02, fall: 0.03)
            script.pause(5)
            CalibrationFixtures.pressFive(&script, peak: 20, isTap: true)
        }
        #expect(CalibrationFixtures.rejections(session) == [.tooFewPresses(count: 2, needed: 3)])
        #expect(session.state == .finished)
    }

    @Test func pauseAfterEnoughPressesEndsTheStep() throws {
        let session = try session { script in
            for _ in 0..<3 { script.press(peak: 20, rise: 0.03, hold: 0.02, fall: 0.03); script.pause(0.3) }
            script.pause(5)
        }
        #expect(CalibrationFixtures.rejections(session).isEmpty)
        #expect(session.result?.measurement(of: .lightTaps)?.presses.count == 3)
        #expect(session.state == .finished)
    }

    @Test func tapInAPressStepIsNotCounted() throws {
        var script = SessionSynthesizer(device: screen, seed: 3)
        CalibrationFixtures.pressFive(&script, peak: 20, isTap: true)
        script.pause(1)
        script.press(peak: 40, rise: 0.02, hold: 0.02, fall: 0.02)
        script.pause(0.3)
        let session = try CalibrationFixtures.replay(script.events, on: screen)
        let ignored = session.notices.compactMap { notice -> CalibrationProblem? in
            if case .pressIgnored(.ordinaryPresses, _, let problem) = notice { return problem }
            return nil
        }
        #expect(ignored.count == 1)
        guard case .pressTooShort(_, let needed) = ignored.first else {
            Issue.record("expected a press too short, got \(ignored)")
            return
        }
        #expect(needed == CalibrationRequirements.standard.minimumPressDuration)
        #expect(ignored.first?.concernsOnePress == true)
    }

    @Test func pressesNoFirmerThanTheLastStepAreRepeated() throws {
        var script = SessionSynthesizer(device: screen, seed: 4)
        CalibrationFixtures.pressFive(&script, peak: 20, isTap: true)
        script.pause(1)
        CalibrationFixtures.pressFive(&script, peak: 21, isTap: false)
        let session = try CalibrationFixtures.replay(script.events, on: screen)
        guard case .notFirmerThanPrevious(_, _, let previous) = try #require(CalibrationFixtures.rejections(session).first) else {
            Issue.record("expected not firmer, got \(CalibrationFixtures.rejections(session))")
            return
        }
        #expect(previous == .lightTaps)
    }

    @Test func pressWithASecondFingerIsNotCounted() throws {
        var script = SessionSynthesizer(device: screen, seed: 5)
        script.touchSecondFinger()
        script.press(peak: 20, rise: 0.03, hold: 0.02, fall: 0.03)
        script.liftSecondFinger()
        let session = try CalibrationFixtures.replay(script.events, on: screen)
        #expect(session.notices.contains { if case .pressIgnored(_, _, .otherContacts) = $0 { return true }; return false })
    }

    @Test func inputEndingEarlyStopsWithoutAResult() throws {
        var script = SessionSynthesizer(device: screen, seed: 6)
        CalibrationFixtures.pressFive(&script, peak: 20, isTap: true)
        let session = try CalibrationFixtures.replay(script.events, on: screen)
        #expect(session.result == nil)
        guard case .stopped(let reason) = session.state else {
            Issue.record("expected stopped, got \(session.state)")
            return
        }
        #expect(reason.contains("missing: ordinary presses, firm presses"))
    }

    @Test func restTooShortOrTouchingIsRepeated() throws {
        let pen = CalibrationFixtures.bambooPen()
        var script = SessionSynthesizer(device: pen, rate: 133, noise: 2, seed: 8)
        script.hover(0.4, pressure: 82)
        script.leaveRange()
        script.pause(0.5)
        script.hover(0.3, pressure: 82)
        script.press(peak: 300, from: 82)
        script.hover(1.5, pressure: 82)
        let session = try CalibrationFixtures.replay(script.events, on: pen)
        let rejections = CalibrationFixtures.rejections(session)
        #expect(rejections.count == 2, "\(rejections)")
        guard case .restTooShort(let seconds, let needed) = rejections.first else {
            Issue.record("expected rest too short, got \(rejections)")
            return
        }
        #expect(abs(seconds - 0.4) < 0.05 && needed == 1)
        #expect(rejections.last == .touchedWhileResting)
        #expect(session.measurements.first.map { abs($0.level - 82) <= 3 } == true, "the rest after the touch is measured")
    }

    @Test func restlessPenIsRepeated() throws {
        let pen = CalibrationFixtures.bambooPen()
        var script = SessionSynthesizer(device: pen, rate: 133, noise: 24, seed: 9)
        script.hover(1.5, pressure: 82)
        let session = try CalibrationFixtures.replay(script.events, on: pen)
        guard case .restTooNoisy = CalibrationFixtures.rejections(session).first else {
            Issue.record("expected a noisy rest, got \(CalibrationFixtures.rejections(session))")
            return
        }
    }

    /// One light tap, then nothing until a report 6 s later: the step's timeout (4 s after the
    /// tap) passes on the session's clock between the two frames, before the input ends, at
    /// maximum speed (in virtual time) as on the loop's timer (paced).
    @Test(arguments: [ReplaySpeed.maximum, .factor(20)])
    func theStepTimesOutBetweenFramesOnTheSessionClock(speed: ReplaySpeed) throws {
        var script = SessionSynthesizer(device: screen, seed: 10)
        script.press(peak: 20, rise: 0.03, hold: 0.02, fall: 0.03)
        script.pause(6)
        let lastReport = script.time
        let calibration = CalibrationSession(device: screen)
        var decided: [(notice: CalibrationNotice, running: Bool, lastEvent: Int64)] = []
        try CalibrationFixtures.replay(script.events + [.report(at: lastReport)], into: calibration, speed: speed) { [unowned calibration] session in
            calibration.noticeHandler = { [unowned session] notices in
                decided += notices.map { ($0, session.state == .running, session.pipeline.lastEventTime) }
            }
        }
        let rejection = try #require(decided.first { if case .stepRejected = $0.notice { true } else { false } })
        #expect(rejection.notice == .stepRejected(.lightTaps, .tooFewPresses(count: 1, needed: 3)))
        #expect(rejection.running && rejection.lastEvent < lastReport, "judged before the last report, not by the end of the input")
        #expect(decided.count == 3, "\(decided.map(\.notice))")
        #expect(decided.last.map { !$0.running } == true, "the end of the input stops the calibration with its steps left")
        #expect(calibration.nextDeadline == nil && calibration.result == nil)
    }

    @Test func aCancelledCalibrationKeepsNothingOfTheInput() throws {
        var script = SessionSynthesizer(device: screen, seed: 11)
        script.press(peak: 20, rise: 0.03, hold: 0.02, fall: 0.03)
        let calibration = CalibrationSession(device: screen)
        calibration.cancel(reason: "the device was unplugged")
        try CalibrationFixtures.replay(script.events, into: calibration)
        #expect(calibration.state == .stopped(reason: "the device was unplugged"))
        #expect(calibration.events.isEmpty)
        #expect(calibration.result == nil)
    }

    @Test func restartingAStepForgetsItsPresses() throws {
        var script = SessionSynthesizer(device: screen, seed: 12)
        script.press(peak: 20, rise: 0.03, hold: 0.02, fall: 0.03)
        script.pause(1)
        let tick = script.time
        let calibration = CalibrationSession(device: screen)
        var counted = 0
        var afterRestart: (presses: Int, deadline: Int64?) = (-1, 0)
        let hook = FrameHook(at: tick) { [unowned calibration] in
            counted = calibration.pressesInStep.count
            calibration.restartStep()
            afterRestart = (calibration.pressesInStep.count, calibration.nextDeadline)
        }
        try CalibrationFixtures.replay(script.events + [.report(at: tick)], into: calibration) { $0.attach(hook) }
        #expect(counted == 1)
        #expect(afterRestart.presses == 0 && afterRestart.deadline == nil)
        #expect(CalibrationFixtures.rejections(calibration).isEmpty, "nothing was left to judge: \(calibration.notices)")
    }
}

/// Calls `action` once a session's frame at `time` ended, after the sinks attached before it.
final class FrameHook: SessionSink {
    let time: Int64
    let action: () -> Void

    init(at time: Int64, _ action: @escaping () -> Void) {
        self.time = time
        self.action = action
    }

    var receivesEveryFrame: Bool { true }

    func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        if case .frameEnded(let frameTime, _) = event, frameTime == time { action() }
    }
}
