import ForceCalibrationKit
import ForceCore
import Testing

/// Generated calibration sessions with known answers are recovered within the stated tolerance:
/// the resting offset to 1 % of the range, the average touch to 3 % (or 2 raw units), and an
/// ordinary press to force 1.00 ± 0.03 under the proposed calibration.
@Suite("Calibration: known answers")
struct KnownAnswerTests {
    /// Whether `value` is within 3 % (or 2 raw units) of `expected`.
    static func isNear(_ value: Double, _ expected: Double) -> Bool {
        abs(value - expected) <= max(2, 0.03 * expected)
    }

    @Test(arguments: [true, false])
    func wornPenRestingAtEightPercent(hasDistanceAxis: Bool) throws {
        let device = CalibrationFixtures.bambooPen(distance: hasDistanceAxis)
        // 8 % of 0–1023 is 82; light, ordinary and firm presses at 0.5, 1 and 3.3 times an
        // ordinary press above it, so the fitted curve is linear.
        let events = CalibrationFixtures.penSession(device, rest: 82, light: 82 + 124, ordinary: 82 + 248, firm: 82 + 818)
        let session = try CalibrationFixtures.replay(events, on: device)
        #expect(session.state == .finished, "\(session.notices)")
        #expect(CalibrationFixtures.rejections(session).isEmpty)
        #expect(session.steps == [.rest, .lightTaps, .ordinaryPresses, .firmPresses])
        let result = try #require(session.result)
        let proposal = result.proposal
        #expect(abs(proposal.restingOffset - 82) <= 0.01 * 1023)
        #expect(Self.isNear(proposal.averageTouch, 330), "average touch \(proposal.averageTouch)")
        #expect(proposal.curve == .linear)
        #expect(abs(proposal.ordinaryForce - 1) <= 0.03)
        #expect(abs(proposal.lightForce - CalibrationProposal.lightTarget) <= 0.1)
        #expect(abs(proposal.firmForce - CalibrationProposal.firmTarget) <= 0.3)
        #expect(proposal.calibration.restingOffset == proposal.restingOffset)
        #expect(proposal.calibration.tipDownThreshold == 0.05, "light taps are well above libinput's 5 %")
        #expect(proposal.calibration.tipUpThreshold == 0.01)
        #expect(proposal.thresholds == .standard)
        // (1023 - 82) / (330 - 82)
        #expect(abs(proposal.maximumPossibleForce - 941.0 / 248) <= 0.15)
    }

    @Test func touchscreenWhoseAverageTouchIs40() throws {
        let device = CalibrationFixtures.elanTouchscreen()
        let events = CalibrationFixtures.touchSession(device, light: 20, ordinary: 40, firm: 132)
        let session = try CalibrationFixtures.replay(events, on: device)
        #expect(session.state == .finished, "\(session.notices)")
        #expect(session.steps == [.lightTaps, .ordinaryPresses, .firmPresses])
        let proposal = try #require(session.result).proposal
        #expect(proposal.restingOffset == 0)
        #expect(Self.isNear(proposal.averageTouch, 40))
        #expect(proposal.curve == .linear)
        #expect(Self.isNear(try #require(proposal.calibration.averagePressure), 40))
        #expect(abs(proposal.maximumPossibleForce - 255.0 / 40) <= 0.2)
        #expect(proposal.calibration.tipDownThreshold == nil, "touchscreens have no tip")
        #expect(proposal.calibration.forceSource == nil)
        #expect(proposal.calibration.averageContactSize == nil && proposal.calibration.restingContactSize == nil)
    }

    @Test func gammaIsFittedWhenPressesAreCloseTogether() throws {
        // Light taps at 0.7 and firm presses at 2.25 times an ordinary press: a curve steeper than
        // linear spreads them to about 0.57 and 3.5 (gamma ≈ 1.55, from the least-squares fit).
        let device = CalibrationFixtures.elanTouchscreen()
        let events = CalibrationFixtures.touchSession(device, light: 28, ordinary: 40, firm: 90)
        let session = try CalibrationFixtures.replay(events, on: device)
        let proposal = try #require(session.result).proposal
        guard case .gamma(let gamma) = proposal.curve else {
            Issue.record("expected a gamma curve, got \(proposal.curve)")
            return
        }
        #expect(abs(gamma - 1.55) <= 0.1)
        #expect(abs(proposal.ordinaryForce - 1) <= 0.03, "an ordinary press stays force 1.0 under the curve")
        #expect(proposal.lightForce < 0.65)
        #expect(proposal.firmForce > PreviewThresholds.standard.commitEnd)
        #expect(Self.isNear(proposal.averageTouch, 40))
        // The stored average pressure is the ordinary press itself: the force model makes it 1.0
        // under any curve.
        #expect(abs(try #require(proposal.calibration.averagePressure) - proposal.averageTouch) <= 0.5)
    }

    @Test func healthyPenRestsAtZero() throws {
        let device = CalibrationFixtures.bambooPen()
        let events = CalibrationFixtures.penSession(device, rest: 0, light: 120, ordinary: 240, firm: 790)
        let session = try CalibrationFixtures.replay(events, on: device)
        let proposal = try #require(session.result).proposal
        #expect(proposal.restingOffset == 0)
        #expect(Self.isNear(proposal.averageTouch, 240))
    }

    @Test func lightTapsBelowLibinputsTipThresholdLowerIt() throws {
        // Light taps reach 60 above rest: libinput's 5 % (51) would miss the lighter ones.
        let device = CalibrationFixtures.bambooPen()
        let events = CalibrationFixtures.penSession(device, rest: 40, light: 100, ordinary: 160, firm: 600)
        let proposal = try #require(try CalibrationFixtures.replay(events, on: device).result).proposal
        let down = try #require(proposal.calibration.tipDownThreshold)
        let up = try #require(proposal.calibration.tipUpThreshold)
        #expect(down < 0.05)
        #expect(down * 1023 < 0.6 * 60, "half of the lightest tap")
        #expect(up <= down / 2)
    }
}
