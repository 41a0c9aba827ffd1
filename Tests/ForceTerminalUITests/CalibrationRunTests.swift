import ForceCalibrationKit
import ForceCore
import ForceSession
import ForceSettings
import ForceTerminalUI
import ForceSystem
import ForceTestSupport
import ForceUdev
import Testing

/// `calibrate`'s run and what follows it: the shipped touchscreen calibration replayed through a
/// `CalibrationRun` on the runtime, then concluded: nothing written unless confirmed, the
/// profile, session and hwdb entry written when it is, and the entry installed on request.
@Suite("calibration run and conclusion")
struct CalibrationRunTests {
    /// The calibration of the shipped touchscreen session, logged into `log`, headless: confirmed
    /// by `yes` alone.
    private func calibrated(log: TextOutput, yes: Bool = true) throws -> CalibrationRun {
        let runtime = try SessionRuntime()
        let run = CalibrationRun(source: try RecordingSource(path: Repository.recording("calibrate-touchscreen.evemu")), runtime: runtime)
        #expect(try run.confirm(headless: true, yes: yes, on: runtime, log: log) == yes)
        return run
    }

    @Test func aFinishedRunIsConcludedAsConfirmed() throws {
        let home = try TemporaryDirectory()
        let files = CalibrationFiles(directories: XDGDirectories(environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config"]))
        let conclusion = CalibrationConclusion(files: files, installer: UdevInstaller(prefix: home.path + "/root"))
        let text = CapturedText()
        let log = TextOutput(text)
        let run = try calibrated(log: log)
        #expect(run.isOver && run.calibration.result != nil)
        #expect(text.text.hasPrefix("Calibrating \"ELAN9008:00 04F3:2C82\" (touchscreen)"))

        #expect(try calibrated(log: TextOutput(CapturedText()), yes: false).calibration.result != nil)

        let declined = CapturedText()
        _ = try conclusion.conclude(run.calibration, confirmed: false, unwritten: "Nothing was written (declined).", install: true,
                                    log: TextOutput(declined))
        #expect(declined.text.contains("\nNothing was written (declined).\n"))
        #expect(FileSystem.item(at: files.profilesPath) == .missing)

        let confirmed = CapturedText()
        let entry = try conclusion.conclude(run.calibration, confirmed: true, unwritten: "", install: true, log: TextOutput(confirmed))
        #expect(FileSystem.item(at: files.profilesPath) == .file)
        let name = CalibrationFiles.systemHardwareDatabaseFileName(for: run.calibration.device)
        #expect(home.read("root/etc/udev/hwdb.d/\(name)") == entry.text)
        #expect(confirmed.text.contains("The hwdb entry is installed"))
    }

    @Test func anUnfinishedRunIsNotConcluded() throws {
        let runtime = try SessionRuntime()
        let run = CalibrationRun(source: try RecordingSource(path: Repository.recording("touchscreen-cancel.evemu")), runtime: runtime)
        try CalibrationReport.log(run, on: runtime, to: TextOutput(CapturedText()))
        #expect(run.calibration.result == nil)
        #expect(throws: CalibrationConclusion.Failure.self) {
            try CalibrationConclusion().conclude(run.calibration, confirmed: true, unwritten: "", install: false, log: TextOutput(CapturedText()))
        }
    }
}
