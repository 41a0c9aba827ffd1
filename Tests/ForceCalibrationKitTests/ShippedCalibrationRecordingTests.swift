import ForceCalibrationKit
import ForceCore
import ForceRecording
import Testing

/// The shipped calibration sessions (`recordings/calibrate-*.evemu`, from
/// `Scripts/generate-recordings.py`) replay to the answers their comments state.
@Suite("Calibration: shipped sessions")
struct ShippedCalibrationRecordingTests {
    static func replay(_ name: String) throws -> CalibrationSession {
        let recording = try Recording(contentsOf: TemporaryFolder.repository + "/recordings/" + name)
        return try CalibrationFixtures.replay(recording.events, on: recording.description)
    }

    @Test func wornPen() throws {
        let session = try Self.replay("calibrate-worn-pen.evemu")
        #expect(CalibrationFixtures.rejections(session).isEmpty, "\(session.notices)")
        let proposal = try #require(session.result, "\(session.notices)").proposal
        #expect(abs(proposal.restingOffset - 82) <= 0.01 * 1023)
        #expect(KnownAnswerTests.isNear(proposal.averageTouch, 330))
        #expect(proposal.curve == .linear)
        #expect(abs(proposal.maximumPossibleForce - 3.8) <= 0.15)
        #expect(proposal.thresholds == .standard)
    }

    @Test func touchscreenWithARepeatedStep() throws {
        let session = try Self.replay("calibrate-touchscreen.evemu")
        let rejections = CalibrationFixtures.rejections(session)
        #expect(rejections.count == 1)
        guard case .pressesVaryTooMuch = rejections.first else {
            Issue.record("expected the first light taps to vary too much, got \(rejections)")
            return
        }
        let proposal = try #require(session.result, "\(session.notices)").proposal
        #expect(proposal.restingOffset == 0)
        #expect(KnownAnswerTests.isNear(proposal.averageTouch, 40))
        #expect(proposal.curve == .linear)
        #expect(abs(proposal.maximumPossibleForce - 6.4) <= 0.25)
        #expect(proposal.thresholds == .standard)
    }
}
