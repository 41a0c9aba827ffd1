import ForceTestSupport
import ForceCore
import ForceRecording
import Testing

/// `recordings/contact-size.evemu` (Goodix, `ABS_MT_TOUCH_MAJOR` and `ABS_MT_WIDTH_MAJOR` 0–255,
/// no pressure): contact size is the force source, the tap begins nothing and the press, held
/// still from 0.5 s, previews and commits by whichever comes first, the contact size or the Haptic
/// Touch timing; the sensitivity scales how far a contact must grow, the touch duration how long
/// holding still takes.
@Suite("Shipped recordings: contact size")
struct ContactSizeRecordingTests {
    typealias Replay = ShippedRecordingInteractionTests

    /// The transcript without the progress updates between the milestones.
    static func milestones(_ transcript: Replay.Transcript) -> [String] {
        transcript.lines.filter { !$0.contains(" preview 0.") && !$0.contains(" commit 0.") }
    }

    @Test func thePressHeldStillPreviewsAndCommitsByTheHapticTouchTimingBeforeItsContactGrowsEnough() throws {
        let (pipeline, transcript) = try Replay.replay("contact-size")
        #expect(pipeline.device.pressureAxis == nil)
        #expect(pipeline.forceModel.source == .contactSize(code: AbsCode.mtTouchMajor))
        #expect(pipeline.interaction.forceSource == .contactSize)
        #expect(pipeline.summary.touches == 2)
        // The tap (contact 16–24, 100 ms) stays below an average contact (38.25) and lifts before
        // the begin delay. The press lands at 500003 µs and stays within the slop: with the fast
        // touch duration, holding still begins it 0.15 s later, peeks at 0.5 s and pops at 1.0 s,
        // each before its contact passes 38.25, 76.5 and 114.75 (force 1, 2 and 3).
        #expect(Replay.counts(pipeline) == [1, 1, 1, 0])
        #expect(Self.milestones(transcript) == [
            "650003 shouldBegin", "1000003 preview 1.0 true", "1000003 peek", "1500003 commit 1.0 true", "1500003 pop",
        ])
        #expect(transcript.milestoneForces.count == 3)
        #expect(transcript.milestoneForces[0] < 1 && transcript.milestoneForces[1] < 2 && transcript.milestoneForces[2] < 3)
    }

    @Test func withTheSlowTouchDurationTheContactGetsToThePeekAndThePopFirst() throws {
        let (_, transcript) = try Replay.replay("contact-size", sensitivity: TouchSensitivity(touchDuration: .slow))
        // Holding still begins it 0.24 s after the landing; the contact then reaches force 2 and 3
        // before the slow timing's peek (0.8 s) and pop (1.6 s).
        #expect(Self.milestones(transcript).first == "740003 shouldBegin")
        #expect(try #require(transcript.time(of: "peek")) < 1_300_003)
        #expect(try #require(transcript.time(of: "pop")) < 2_100_003)
        #expect(transcript.milestoneForces.count == 3)
        #expect(transcript.milestoneForces[0] < 1 && transcript.milestoneForces[1] >= 2 && transcript.milestoneForces[2] >= 3)
        // Light needs 0.7, 1.4 and 2.1: the contact gets to each first, the begin included.
        let (_, light) = try Replay.replay("contact-size", sensitivity: TouchSensitivity(force: .light, touchDuration: .slow))
        #expect(try #require(light.time(of: "shouldBegin")) < 740_003)
        #expect(light.milestoneForces.count == 3)
        #expect(light.milestoneForces[0] >= 0.7 && light.milestoneForces[1] >= 1.4 && light.milestoneForces[2] >= 2.1)
    }

    @Test func theSensitivityScalesTheContactSizeEachThresholdNeeds() throws {
        // Thresholds in force units, scaled once (0.7, 1, 1.4), and the contact sizes they need:
        // force is the contact's growth above the resting size (the axis minimum here) in
        // average-touch units, so the scale applies to that growth.
        var sizes: [ForceSensitivity: [Double]] = [:]
        var outcomes: [ForceSensitivity: [Int]] = [:]
        for sensitivity in ForceSensitivity.allCases {
            let (pipeline, _) = try Replay.replay("contact-size", sensitivity: TouchSensitivity(force: sensitivity))
            let thresholds = pipeline.interaction.activeThresholds
            let model = pipeline.forceModel
            sizes[sensitivity] = try [thresholds.begin, thresholds.previewEnd, thresholds.commitEnd].map {
                try #require(model.rawValue(forForce: $0))
            }
            outcomes[sensitivity] = Replay.counts(pipeline)
        }
        #expect(sizes[.light]!.map { ($0 * 100).rounded() / 100 } == [26.77, 53.55, 80.32])
        #expect(sizes[.medium]!.map { ($0 * 100).rounded() / 100 } == [38.25, 76.5, 114.75])
        #expect(sizes[.firm]!.map { ($0 * 100).rounded() / 100 } == [53.55, 107.1, 160.65])
        // The press peaks at 128: below firm's commit (160.65), but held still it commits by the
        // Haptic Touch timing under every sensitivity.
        #expect(outcomes[.light] == [1, 1, 1, 0])
        #expect(outcomes[.medium] == [1, 1, 1, 0])
        #expect(outcomes[.firm] == [1, 1, 1, 0])
    }

    @Test(arguments: [Replay.Clock.framesOnly, .everyDeadline])
    func aStillHoldRecordedOnA3MMicroTouchCommitsByTheHapticTouchTiming(clock: Replay.Clock) throws {
        // Recorded as the kernel delivers it: the finger lands at 0.5 s with a finger's contact
        // (232 of 0–32767, far below an average touch, 4915), sends nothing while it holds still,
        // and lifts at 1.8 s.
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.path("3m-still-hold.evemu")
        let writer = try EvemuWriter(path: path, description: TestDevices.microTouch3M(name: "3M 3M MicroTouch USB controller"))
        let finger = TestDevices.microTouch3MFinger
        try writer.write(contentsOf: [
            InputEvent(time: 500_000, type: .abs, code: AbsCode.mtSlot, value: 0),
            InputEvent(time: 500_000, type: .abs, code: AbsCode.mtTrackingID, value: 3),
            InputEvent(time: 500_000, type: .abs, code: AbsCode.mtPositionX, value: 16000),
            InputEvent(time: 500_000, type: .abs, code: AbsCode.mtPositionY, value: 9000),
            InputEvent(time: 500_000, type: .abs, code: AbsCode.mtTouchMajor, value: finger.major),
            InputEvent(time: 500_000, type: .abs, code: AbsCode.mtTouchMinor, value: finger.minor),
            InputEvent(time: 500_000, type: .key, code: KeyCode.touch, value: 1),
            .report(at: 500_000),
            InputEvent(time: 1_800_000, type: .abs, code: AbsCode.mtTrackingID, value: -1),
            InputEvent(time: 1_800_000, type: .key, code: KeyCode.touch, value: 0),
            .report(at: 1_800_000),
        ])
        try writer.close()
        let recording = try Recording(contentsOf: path)
        let (pipeline, transcript) = Replay.replay(recording, clock: clock)
        #expect(pipeline.forceModel.forceSource == .contactSize)
        let landed = try #require(recording.events.first).time
        #expect(Self.milestones(transcript) == [
            "\(landed + 150_000) shouldBegin", "\(landed + 500_000) preview 1.0 true", "\(landed + 500_000) peek",
            "\(landed + 1_000_000) commit 1.0 true", "\(landed + 1_000_000) pop",
        ])
        #expect(Replay.counts(pipeline) == [1, 1, 1, 0])
    }

    @Test func aProfileMayForceDurationOnTheSameScreen() throws {
        let recording = try Recording(contentsOf: try #require(Repository.recordings.first { $0.hasSuffix("/contact-size.evemu") }))
        let pipeline = InputPipeline(device: recording.description, calibration: ForceCalibration(forceSource: .duration))
        pipeline.process(recording.events)
        pipeline.finish()
        #expect(pipeline.interaction.forceSource == .duration)
        // Held 1.6 s within the slop: Haptic Touch previews and commits it.
        #expect(Replay.counts(pipeline) == [1, 1, 1, 0])
    }

    @Test func thePositionsOnlyScreenStaysDurationDriven() throws {
        let (pipeline, _) = try Replay.replay("no-pressure")
        #expect(pipeline.forceModel.source == .none)
        #expect(pipeline.interaction.forceSource == .duration)
    }
}
