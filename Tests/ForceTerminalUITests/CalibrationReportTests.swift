import ForceCalibrationKit
import ForceCore
import ForceRecording
import ForceSession
import ForceTerminalUI
import ForceTestSupport
import RatingOverlay
import Testing

/// What `calibrate` says and draws, from the shipped touchscreen calibration session: the step
/// log, the proposal, the hwdb entry and the quirk, and the wizard's two pages.
@Suite("calibration report and screen")
struct CalibrationReportTests {
    /// The calibration after the recording replayed to its end through a session it is attached
    /// to, and what each frame, timeout and the end decided.
    private func calibrated() throws -> (session: CalibrationSession, notices: [CalibrationNotice]) {
        let source = try RecordingSource(path: Repository.recording("calibrate-touchscreen.evemu"))
        let calibration = CalibrationSession(device: source.device)
        var notices: [CalibrationNotice] = []
        calibration.noticeHandler = { notices += $0 }
        let session = Session(source: source, pipeline: calibration.makePipeline())
        session.attach(calibration)
        try session.run()
        return (calibration, notices)
    }

    @Test func theLogSaysEachStepAndWhyOneIsRepeated() throws {
        let (session, notices) = try calibrated()
        #expect(CalibrationReport.deviceLine(session) == "\"ELAN9008:00 04F3:2C82\" (touchscreen): pressure, ABS_MT_PRESSURE 0-255")
        let lines = CalibrationReport.lines(for: notices, in: session)
        let repeated = try #require(lines.firstIndex { $0.hasPrefix("  Light taps: repeat: the presses ranged from 10 to 50") })
        #expect(lines[repeated + 1].hasPrefix("Step 1 of 3: Light taps. "))
        #expect(CalibrationReport.stoppedLine(session) == nil)
    }

    @Test func theProposalTheHardwareDatabaseEntryAndTheQuirk() throws {
        let result = try #require(try calibrated().session.result)
        let proposal = CalibrationReport.proposalLines(result)
        #expect(proposal.first == "Proposed calibration (* differs from the default):")
        #expect(proposal.contains("  average touch (force 1.0)            38                  40  *"))
        let entry = HardwareDatabaseEntry(result: result)
        let hwdb = CalibrationReport.hardwareDatabaseLines(entry, device: result.device)
        #expect(hwdb.first?.hasPrefix("hwdb entry (for /etc/udev/hwdb.d/") == true)
        #expect(hwdb.dropFirst().allSatisfy { $0.hasPrefix("  ") })
        #expect(CalibrationReport.quirkLines(result).contains("  AttrPressureRange=10:7"))
    }

    @Test func theScreenShowsTheStepsThenTheProposal() throws {
        let (session, notices) = try calibrated()
        var content = CalibrationScreen()
        content.add(CalibrationReport.lines(for: notices, in: session))
        var screen = ScreenBuffer(width: 100, height: 40)
        content.render(session, page: .measuring, into: &screen)
        #expect(screen.line(0).hasPrefix(" ForceBridge calibrate — ELAN9008:00 04F3:2C82"))
        #expect(screen.line(3).hasPrefix("  ✓ Light taps         level "))
        #expect(screen.line(39).hasPrefix(" r repeat this step   q quit"))

        content.render(session, page: .confirming, into: &screen)
        #expect(screen.line(3) == " Proposed calibration (* differs from the default):")
        #expect(screen.text.contains("Write the profile, the session recording and the hwdb entry? (y / n)"))
        #expect(screen.line(39).hasPrefix(" y write   n leave everything as it was"))
    }

    @Test func noticesKeepTheLatestFifty() {
        var content = CalibrationScreen()
        content.add((1...60).map { "notice \($0)" })
        #expect(content.notices.count == CalibrationScreen.noticeLimit)
        #expect(content.notices.first == "notice 11" && content.notices.last == "notice 60")
    }

    @Test func wrappingBreaksAtSpaces() {
        #expect(CalibrationScreen.wrap("press firmly and hold it", width: 10) == ["press", "firmly and", "hold it"])
        #expect(CalibrationScreen.wrap("narrow", width: 4) == ["narrow"])
    }
}
