import ForceTestSupport
import ForceCore
import ForceRecording
import Testing

/// `recordings/contact-size.evemu` (Goodix, `ABS_MT_TOUCH_MAJOR` and `ABS_MT_WIDTH_MAJOR` 0–255,
/// no pressure): contact size is the force source, the tap begins nothing and the press
/// previews and commits; the sensitivity scales how far a contact must grow.
@Suite("Shipped recordings: contact size")
struct ContactSizeRecordingTests {
    typealias Replay = ShippedRecordingInteractionTests

    /// The transcript without the progress updates between the milestones.
    static func milestones(_ transcript: Replay.Transcript) -> [String] {
        transcript.lines.filter { !$0.contains(" preview 0.") && !$0.contains(" commit 0.") }
    }

    @Test func thePressPreviewsAndCommitsByContactSize() throws {
        let (pipeline, transcript) = try Replay.replay("contact-size")
        #expect(pipeline.device.pressureAxis == nil)
        #expect(pipeline.forceModel.source == .contactSize(code: AbsCode.mtTouchMajor))
        #expect(pipeline.interaction.forceSource == .contactSize)
        #expect(pipeline.summary.touches == 2)
        // The tap (contact 16–24) stays below an average contact (38.25); the press passes 38.25,
        // 76.5 and 114.75 (force 1, 2 and 3).
        #expect(Replay.counts(pipeline) == [1, 1, 1, 0])
        #expect(Self.milestones(transcript) == [
            "955658 shouldBegin", "1177876 preview 1.0 true", "1177876 peek", "1644552 commit 1.0 true", "1644552 pop",
        ])
        #expect(transcript.milestoneForces.count == 3)
        #expect(transcript.milestoneForces[0] >= 1 && transcript.milestoneForces[1] >= 2 && transcript.milestoneForces[2] >= 3)
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
        // The press peaks at 128: light and medium commit, firm peeks and is cancelled at the lift.
        #expect(outcomes[.light] == [1, 1, 1, 0])
        #expect(outcomes[.medium] == [1, 1, 1, 0])
        #expect(outcomes[.firm] == [1, 1, 0, 1])
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
