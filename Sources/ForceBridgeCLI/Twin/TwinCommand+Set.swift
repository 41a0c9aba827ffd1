import ForceBus
import ForceCommandLine
import ForceCore
import ForceService
import ForceSession
import ForceSettings

extension TwinCommand {
    /// Changes the running twin's profile over the bus (and writes it into the profile file with
    /// `--save`).
    func runSet() throws {
        let output = Console.output()
        let settings = try profile.adjustment().busSettings
        let change: TwinChange
        do { change = try TwinClient.change(device, by: settings) } catch { throw CommandFailure(error.message) }
        if let running = change.running, let applied = change.applied {
            output.line("\(running.device)'s twin \(running.twin) (\(running.owner)) now: \(RunningTwin.summary(of: applied)).")
        } else if change.running == nil && !save {
            throw CommandFailure("no running twin of '\(device)'"
                + (change.unreachable.map { " (the session bus cannot be reached: \($0))" } ?? ": no 'forcebridge twin' runs for it and the service twins no such device")
                + ". Start one with 'forcebridge twin \(device)' or 'forcebridge serve --twin \(device)'; --save writes the settings for the next start.")
        }
        output.flush()
        if save { try saveProfile(applied: change.applied ?? change.running?.properties, output: output) }
    }

    /// Writes the twin's settings into the user's profile file: those running (`applied`), else
    /// the options over the profile in effect.
    private func saveProfile(applied: [String: BusValue]?, output: TextOutput) throws {
        let info = try original()
        var saved = try profile.apply(to: calibration.profileStore().pressureProfile(for: info.description))
        if let applied { saved = PressureAdjustment(busProperties: applied).apply(to: saved) }
        let update = try CommandFailure.reporting { try ProfileFileUpdate.saveTwin(saved, of: info.description) }
        output.line("Saved \(info.node)'s twin settings to \(update.path)\(update.backupPath.map { " (the previous file is \($0))" } ?? ""): "
            + "curve \(saved.curve.text), tip \(PressureProfile.percentText(saved.tip)), full \(PressureProfile.percentText(saved.full)), twin on "
            + "('forcebridge serve' twins it; the curve is also ForceBridge's own force curve for it).")
        output.flush()
    }
}
