import ForceCalibrationKit
import ForceCore

/// What `calibrate` says, as lines of text: the headless log of the steps, the proposal against
/// the defaults, and what was written or is suggested (profile, session recording, hwdb entry,
/// libinput quirk). The full-screen wizard shows the same texts.
package enum CalibrationReport {
    /// `"Wacom Bamboo 2FG 4x5 Pen" (tablet): pressure, ABS_PRESSURE 0-1023`.
    package static func deviceLine(_ session: CalibrationSession) -> String {
        let device = session.device
        guard let method = session.availability.method else { return "\"\(device.name)\" (\(device.kind.rawValue))" }
        return "\"\(device.name)\" (\(device.kind.rawValue)): \(method.quantity), \(method.axisName) \(method.axis.minimum)-\(method.axis.maximum)"
    }

    /// `Step 2 of 4: Light taps. Tap 5 times, …`.
    package static func stepLine(_ step: CalibrationStep, in session: CalibrationSession) -> String {
        let number = (session.steps.firstIndex(of: step) ?? 0) + 1
        return "Step \(number) of \(session.steps.count): \(step.title). \(instruction(step, session))"
    }

    /// What the user is asked to do in `step`.
    package static func instruction(_ step: CalibrationStep, _ session: CalibrationSession) -> String {
        step.instruction(count: session.requirements.pressesPerStep, seconds: session.requirements.restDuration)
    }

    /// The log lines of `notices`: each notice, and the next step's instruction when one begins.
    package static func lines(for notices: [CalibrationNotice], in session: CalibrationSession) -> [String] {
        var lines: [String] = []
        for notice in notices {
            lines.append("  " + notice.description)
            switch notice {
            case .stepAccepted(_, let next?): lines.append(stepLine(next, in: session))
            case .stepRejected(let step, _): lines.append(stepLine(step, in: session))
            default: break
            }
        }
        return lines
    }

    /// The proposal: the comparison table and the notes.
    package static func proposalLines(_ result: CalibrationResult) -> [String] {
        var lines = ["Proposed calibration (* differs from the default):"]
        lines += result.comparison.table.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        lines += result.proposal.notes.map { "Note: " + $0 }
        return lines
    }

    /// What writing the files did.
    package static func writtenLines(_ report: CalibrationFiles.Report, hardwareDatabasePath: String) -> [String] {
        let profile = report.profile
        let change: String
        switch profile.change {
        case .added(let index): change = "added as entry \(index + 1)"
        case .replaced(let index): change = "entry \(index + 1) updated, the other entries kept"
        }
        var lines = ["Profile: \(profile.path) (\(change))"]
        if let backup = profile.backupPath { lines.append("  previous profile file kept as \(backup)") }
        lines.append("Session recording: \(report.sessionPath)")
        if let backup = report.sessionBackupPath { lines.append("  previous recording kept as \(backup)") }
        lines.append("hwdb entry: \(hardwareDatabasePath)")
        return lines
    }

    /// The hwdb entry, with where it goes.
    package static func hardwareDatabaseLines(_ entry: HardwareDatabaseEntry, device: DeviceDescription) -> [String] {
        let file = "/etc/udev/hwdb.d/" + CalibrationFiles.systemHardwareDatabaseFileName(for: device)
        return ["hwdb entry (for \(file); 'forcebridge calibrate --install' installs it):"]
            + entry.text.split(separator: "\n").map { "  " + $0 }
    }

    /// The libinput quirk, or why there is none.
    package static func quirkLines(_ result: CalibrationResult) -> [String] {
        switch LibinputQuirk.suggestion(for: result) {
        case .success(let quirk):
            return ["libinput quirk (a suggestion, for \(LibinputQuirk.overridesFile)):"]
                + quirk.text.split(separator: "\n").map { "  " + $0 }
        case .failure(let reason):
            return ["libinput quirk: none (\(reason))"]
        }
    }

    /// Why the calibration ended without a result.
    package static func stoppedLine(_ session: CalibrationSession) -> String? {
        guard case .stopped(let reason) = session.state else { return nil }
        return "not calibrated: \(reason)"
    }
}
