import ForceCalibrationKit
import ForceCore
import ForceSession
import ForceUdev

/// What `calibrate` does after the wizard, logged line by line: the proposal, the files written
/// (the profile, the session and the hwdb entry, when confirmed), the hwdb entry and the
/// libinput quirk, and on request the entry installed into the system's hwdb (or how to do it
/// without root).
package struct CalibrationConclusion {
    /// Why the conclusion failed; the log is flushed before it is thrown.
    package enum Failure: Error, CustomStringConvertible {
        /// The calibration did not finish: why (its stopped line), if it says.
        case notCalibrated(String?)
        /// Writing the profile, the session or the hwdb entry failed.
        case writeFailed(any Error)
        /// Installing the hwdb entry failed.
        case installFailed(any Error)

        package var description: String {
            switch self {
            case .notCalibrated(let reason): reason ?? "not calibrated"
            case .writeFailed(let error): "writing the calibration failed: \(error)"
            case .installFailed(let error): "installing the hwdb entry failed: \(error)"
            }
        }
    }

    /// Where the files go.
    package var files = CalibrationFiles()
    /// What installs the hwdb entry.
    package var installer = UdevInstaller()

    /// A conclusion writing through `files` and installing through `installer`.
    package init(files: CalibrationFiles = CalibrationFiles(), installer: UdevInstaller = UdevInstaller()) {
        self.files = files
        self.installer = installer
    }

    /// Concludes `calibration` on `log`: writes its files when `confirmed` (else logs
    /// `unwritten`, why not) and, with `install`, installs the hwdb entry written. Returns the
    /// hwdb entry.
    package func conclude(_ calibration: CalibrationSession, confirmed: Bool, unwritten: String, install: Bool,
                          log: TextOutput) throws(Failure) -> HardwareDatabaseEntry {
        guard let result = calibration.result else {
            log.flush()
            throw .notCalibrated(CalibrationReport.stoppedLine(calibration))
        }
        for line in CalibrationReport.proposalLines(result) { log.line(line) }
        let entry = HardwareDatabaseEntry(result: result)
        var entryPath: String?
        if confirmed {
            do {
                let report = try files.write(calibration)
                let path = try files.writeHardwareDatabaseEntry(entry, for: result.device)
                entryPath = path
                for line in CalibrationReport.writtenLines(report, hardwareDatabasePath: path) { log.line(line) }
            } catch {
                log.flush()
                throw .writeFailed(error)
            }
        } else {
            log.line(unwritten)
        }
        for line in CalibrationReport.hardwareDatabaseLines(entry, device: result.device) { log.line(line) }
        for line in CalibrationReport.quirkLines(result) { log.line(line) }
        if install, let entryPath { try installEntry(entry, device: result.device, userCopy: entryPath, log: log) }
        log.flush()
        return entry
    }

    /// The entry into the system's hwdb, or how to do it without root.
    private func installEntry(_ entry: HardwareDatabaseEntry, device: DeviceDescription, userCopy: String, log: TextOutput) throws(Failure) {
        let name = CalibrationFiles.systemHardwareDatabaseFileName(for: device)
        guard installer.canInstall else {
            log.line("The hwdb entry was not installed: that needs root. To install it:")
            log.line("  sudo install -m 0644 '\(userCopy)' /etc/udev/hwdb.d/\(name)")
            log.line("  sudo systemd-hwdb update && sudo udevadm trigger --subsystem-match=input --action=change")
            log.line("Check with: udevadm info /dev/input/eventN | grep FORCEBRIDGE_")
            return
        }
        do {
            try installer.installHardwareDatabaseFile(named: name, contents: entry.text) { log.line("hwdb: \($0)") }
        } catch {
            log.flush()
            throw .installFailed(error)
        }
        log.line("The hwdb entry is installed; devices were re-evaluated. Check with: udevadm info /dev/input/eventN | grep FORCEBRIDGE_")
    }
}
