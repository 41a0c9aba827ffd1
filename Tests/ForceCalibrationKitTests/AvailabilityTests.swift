import ForceCalibrationKit
import ForceCore
import Testing

/// Keyboards and mice are refused, pressureless touchscreens calibrate contact size, and a
/// touchscreen with neither says clearly that there is nothing to calibrate.
@Suite("Calibration: what can be calibrated")
struct AvailabilityTests {
    @Test(arguments: [CalibrationFixtures.keyboard(), CalibrationFixtures.mouse()])
    func keyboardsAndMiceAreRefusedAndNeverRecorded(device: DeviceDescription) throws {
        guard case .refused(let reason) = CalibrationAvailability(device: device) else {
            Issue.record("\(device.name) was not refused")
            return
        }
        #expect(reason.contains(device.name))
        let session = CalibrationSession(device: device)
        #expect(session.state == .stopped(reason: reason))
        #expect(session.steps.isEmpty)
        try CalibrationFixtures.replay([InputEvent(time: 1, type: .key, code: 30, value: 1), .report(at: 1)], into: session)
        #expect(session.events.isEmpty, "nothing of a keyboard or mouse is kept")
        #expect(throws: CalibrationFiles.WriteError.self) {
            try CalibrationFiles().writeRecording(of: [InputEvent(time: 1, type: .key, code: 30, value: 1)], device: device)
        }
    }

    @Test func touchscreenWithoutPressureOrContactSizeHasNothingToCalibrate() {
        let device = CalibrationFixtures.elanTouchscreen(pressure: false, touchMajor: false)
        guard case .nothingToCalibrate(let reason) = CalibrationAvailability(device: device) else {
            Issue.record("expected nothing to calibrate")
            return
        }
        #expect(reason.contains("neither pressure nor contact size"))
        #expect(CalibrationSession(device: device).state == .stopped(reason: reason))
    }

    @Test func touchscreenWithoutPressureCalibratesContactSize() throws {
        let device = CalibrationFixtures.elanTouchscreen(pressure: false)
        #expect(CalibrationAvailability(device: device).method == .contactSize(try #require(ContactSizeAxis(device: device))))
        #expect(CalibrationAvailability(device: device).method?.axisName == "ABS_MT_TOUCH_MAJOR")
        // Fingers flatten: contact sizes 22 (light), 36 (ordinary) and 70 (firm).
        let events = CalibrationFixtures.touchSession(device, light: 22, ordinary: 36, firm: 70)
        let session = try CalibrationFixtures.replay(events, on: device)
        let result = try #require(session.result, "\(session.notices)")
        let proposal = result.proposal
        #expect(KnownAnswerTests.isNear(proposal.averageTouch, 36))
        // Contact size is stored under its own settings, not the pressure ones.
        #expect(proposal.calibration.forceSource == .contactSize)
        #expect(proposal.calibration.averageContactSize.map { KnownAnswerTests.isNear($0, 36) } == true)
        #expect(proposal.calibration.restingContactSize == 0)
        #expect(proposal.calibration.contactSizeCurve == proposal.curve)
        #expect(proposal.calibration.averagePressure == nil && proposal.calibration.restingOffset == nil && proposal.calibration.curve == nil)
        #expect(abs(proposal.ordinaryForce - 1) <= 0.03)
        #expect(proposal.lightForce < proposal.ordinaryForce && proposal.ordinaryForce < proposal.firmForce)
        #expect(proposal.notes.contains { $0.contains("estimate") })
        // The force model, given the proposal, estimates force from contact size.
        let model = ForceModel(device: device, calibration: proposal.calibration)
        #expect(model.forceSource == .contactSize)
        #expect(abs(model.force(raw: Int32(proposal.averageTouch.rounded())) - 1) <= 0.03)
    }

    @Test func touchpadsAreCalibrated() throws {
        let device = CalibrationFixtures.touchpad()
        #expect(device.kind == .touchpad)
        let events = CalibrationFixtures.touchSession(device, light: 30, ordinary: 60, firm: 198)
        let result = try #require(try CalibrationFixtures.replay(events, on: device).result)
        #expect(KnownAnswerTests.isNear(result.proposal.averageTouch, 60))
    }

    @Test func comparisonShowsWhatChanges() throws {
        let device = CalibrationFixtures.elanTouchscreen()
        let events = CalibrationFixtures.touchSession(device, light: 20, ordinary: 40, firm: 132)
        let comparison = try #require(try CalibrationFixtures.replay(events, on: device).result).comparison
        let rows = Dictionary(uniqueKeysWithValues: comparison.rows.map { ($0.setting, $0) })
        let average = try #require(rows["average touch (force 1.0)"])
        #expect(average.standard == "38", "the default is 15 % of 0–255")
        #expect(average.proposed == "40" || average.proposed == "39" || average.proposed == "41")
        #expect(rows["curve"]?.isChanged == false)
        let ordinary = try #require(comparison.rows.first { $0.setting.hasPrefix("ordinary presses") })
        #expect(abs((Double(ordinary.proposed) ?? 0) - 1) <= 0.03)
        #expect(comparison.table.contains("maximumPossibleForce"))
        #expect(comparison.table.split(separator: "\n").count == comparison.rows.count + 1)
    }
}
