import ForceCore
import ForceTestSupport
import Testing

/// Contact size is only an estimate: on a screen whose force comes from it, a touch held still also
/// progresses by the Haptic Touch timing, whichever gets further, so such a screen is never worse
/// than one without force. Modelled on a 3M MicroTouch (0596:0506) as hid-multitouch presents it:
/// contact size 0–32767, an average touch at 15 % of it (force 1 at 4915.05, 2 at 9830.1, 3 at
/// 14745.15), a finger's contact about 232, positions without resolution (the slop is 1/32 of
/// 32767, 1024 units).
@Suite("Contact size: a touch held still also follows the Haptic Touch timing")
struct ContactSizeHapticTouchTests {
    static let device = ForceTestSupport.TestDevices.microTouch3M()
    static let finger = ForceTestSupport.TestDevices.microTouch3MFinger.major

    let pipeline: InputPipeline
    let log: TimedInteractionLog

    init(sensitivity: TouchSensitivity = .standard) {
        pipeline = InputPipeline(device: Self.device, sensitivity: sensitivity)
        log = TimedInteractionLog(observing: pipeline.interaction)
    }

    func down(at time: Int64, major: Int32 = finger, x: Int32 = 16000, y: Int32 = 9000) {
        pipeline.process([
            InputEvent(time: time, type: .abs, code: AbsCode.mtSlot, value: 0),
            InputEvent(time: time, type: .abs, code: AbsCode.mtTrackingID, value: 11),
            InputEvent(time: time, type: .abs, code: AbsCode.mtPositionX, value: x),
            InputEvent(time: time, type: .abs, code: AbsCode.mtPositionY, value: y),
            InputEvent(time: time, type: .abs, code: AbsCode.mtTouchMajor, value: major),
            InputEvent(time: time, type: .abs, code: AbsCode.mtTouchMinor, value: major * 6 / 7),
            InputEvent(time: time, type: .key, code: KeyCode.touch, value: 1),
            .report(at: time),
        ])
    }

    func update(at time: Int64, major: Int32? = nil, y: Int32? = nil) {
        var events: [InputEvent] = []
        if let major { events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtTouchMajor, value: major)) }
        if let y { events.append(InputEvent(time: time, type: .abs, code: AbsCode.mtPositionY, value: y)) }
        pipeline.process(events + [.report(at: time)])
    }

    func lift(at time: Int64) {
        pipeline.process(SlotFrames.lift(at: time))
    }

    @Test func aStillHoldWithAFingersContactCommitsExactlyAsOnAScreenWithoutForce() {
        #expect(pipeline.forceModel.forceSource == .contactSize)
        down(at: 2_000_000)
        #expect(pipeline.nextDeadline == 2_150_000, "holding still is timed: the runtime's timer drives it")
        lift(at: 3_200_000)
        #expect(log.time(of: .shouldBegin(true)) == 2_150_000)
        #expect(log.time(of: .feedback(.peek)) == 2_500_000)
        #expect(log.time(of: .feedback(.pop)) == 3_000_000)
        #expect(pipeline.summary.previewsEnded == 1 && pipeline.summary.commits == 1 && pipeline.summary.cancels == 0)
        // The same hold on the same screen without contact size (Haptic Touch alone): the same calls.
        var forceless = Self.device
        forceless.disable(.abs, code: AbsCode.mtTouchMajor)
        forceless.disable(.abs, code: AbsCode.mtTouchMinor)
        let other = InputPipeline(device: forceless)
        let alone = TimedInteractionLog(observing: other.interaction)
        #expect(other.forceModel.forceSource == .duration)
        other.process(ForceTestSupport.TestDevices.stillFinger(start: 2_000_000, silence: 1_200_000))
        #expect(log.calls == alone.calls)
        #expect(log.entries.map(\.time) == alone.entries.map(\.time))
    }

    @Test func whicheverArrivesFirstDrivesIt() {
        down(at: 1_000_000)
        // 0.1 s in, the contact is past an average touch: force begins it before the begin delay.
        update(at: 1_100_000, major: 6000)
        #expect(log.time(of: .shouldBegin(true)) == 1_100_000)
        // 0.2 s in, past force 2: the peek, long before holding still would get there (0.5 s).
        update(at: 1_200_000, major: 10000)
        #expect(log.time(of: .feedback(.peek)) == 1_200_000)
        // Then held still, below force 3: the pop comes with the timing, 1.0 s after the landing.
        lift(at: 2_300_000)
        #expect(log.time(of: .feedback(.pop)) == 2_000_000)
        PreviewInteractionPropertyTests.checkGrammar(log.calls)
    }

    @Test func movingBeyondTheSlopEndsTheTimingButForceStillBeginsIt() {
        down(at: 1_000_000)
        update(at: 1_050_000, y: 10100)
        #expect(pipeline.nextDeadline == nil)
        update(at: 1_600_000, major: 6000)
        #expect(log.time(of: .shouldBegin(true)) == 1_600_000, "estimated force begins it, as before")
        lift(at: 1_700_000)
        #expect(log.calls.last == .cancel)
    }

    @Test func movingBeyondTheSlopCancelsAPreviewThatHoldingStillBegan() {
        down(at: 1_000_000)
        update(at: 1_300_000, y: 10100)
        #expect(log.time(of: .shouldBegin(true)) == 1_150_000)
        #expect(log.time(of: .cancel) == 1_300_000, "a drag, as on a screen without force")
        lift(at: 1_400_000)
        #expect(pipeline.summary.cancels == 1 && pipeline.summary.previewsEnded == 0)
    }

    @Test func movingBeyondTheSlopKeepsAPreviewThatForceBegan() {
        down(at: 1_000_000, major: 6000)
        #expect(log.time(of: .shouldBegin(true)) == 1_000_000)
        update(at: 1_300_000, y: 10100)
        #expect(log.time(of: .cancel) == nil)
        update(at: 1_400_000, major: 15000)
        #expect(log.time(of: .feedback(.pop)) == 1_400_000)
    }

    @Test func aDeclinedBeginEndsTheTimingAndForceMayAskAgain() {
        log.log.shouldBeginAnswers = [false, true]
        down(at: 1_000_000)
        update(at: 1_200_000)
        #expect(log.time(of: .shouldBegin(false)) == 1_150_000)
        #expect(pipeline.nextDeadline == nil, "holding still asks once")
        // Force rises past the begin threshold: asked again, now by force.
        update(at: 1_300_000, major: 6000)
        #expect(log.time(of: .shouldBegin(true)) == 1_300_000)
    }

    @Test func theTouchDurationTimesHoldingStillAndTheSensitivityScalesTheForce() {
        let slow = Self(sensitivity: TouchSensitivity(touchDuration: .slow))
        slow.down(at: 1_000_000)
        slow.lift(at: 3_000_000)
        #expect(slow.log.time(of: .shouldBegin(true)) == 1_240_000)
        #expect(slow.log.time(of: .feedback(.peek)) == 1_800_000)
        #expect(slow.log.time(of: .feedback(.pop)) == 2_600_000)
        // Firm: a contact that begins it under medium (force 1.22) does not, but holding still does.
        let firm = Self(sensitivity: TouchSensitivity(force: .firm))
        firm.down(at: 1_000_000, major: 6000)
        firm.lift(at: 1_300_000)
        #expect(firm.log.time(of: .shouldBegin(true)) == 1_150_000)
        let medium = Self()
        medium.down(at: 1_000_000, major: 6000)
        #expect(medium.log.time(of: .shouldBegin(true)) == 1_000_000)
    }

    @Test func aRuntimeAdvancingAtEveryDeadlineGetsTheSameCalls() {
        down(at: 1_000_000)
        update(at: 1_400_000, major: 8000)
        lift(at: 2_200_000)
        let stepped = Self()
        stepped.down(at: 1_000_000)
        while let deadline = stepped.pipeline.nextDeadline, deadline < 1_400_000 { stepped.pipeline.advance(to: deadline) }
        stepped.update(at: 1_400_000, major: 8000)
        while let deadline = stepped.pipeline.nextDeadline, deadline < 2_200_000 { stepped.pipeline.advance(to: deadline) }
        stepped.lift(at: 2_200_000)
        #expect(stepped.log.calls == log.calls)
        #expect(stepped.log.entries.map(\.time) == log.entries.map(\.time))
        #expect(pipeline.summary.commits == 1)
    }
}
