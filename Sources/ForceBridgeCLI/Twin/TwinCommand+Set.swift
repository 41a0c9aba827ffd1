import ForceBus
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
        var running: RunningTwin?
        var applied: [String: BusValue]?
        var reachFailure: String?
        do {
            let connection = try BusConnection.session(description: "forcebridge-twin-set")
            defer { connection.close() }
            running = try TwinClient.twin(device, among: try TwinClient.runningTwins(on: connection))
            if let running, !settings.isEmpty {
                applied = try TwinClient.setProfile(settings, of: running, on: connection)
            }
        } catch {
            // The twin's own answer (a bad setting, no such twin) ends the command; anything else
            // means the bus or the twin could not be reached.
            if error.name == BusError.Names.invalidArguments || error.name?.hasPrefix(TwinControl.interfaceName) == true {
                throw CommandFailure(error.message)
            }
            reachFailure = "\(error)"
        }
        if let running, let applied {
            output.line("\(running.device)'s twin \(running.twin) (\(running.owner)) now: \(RunningTwin.summary(of: applied)).")
        } else if running == nil && !save {
            throw CommandFailure("no running twin of '\(device)'"
                + (reachFailure.map { " (the session bus cannot be reached: \($0))" } ?? ": no 'forcebridge twin' runs for it and the service twins no such device")
                + ". Start one with 'forcebridge twin \(device)' or 'forcebridge serve --twin \(device)'; --save writes the settings for the next start.")
        }
        output.flush()
        if save { try saveProfile(applied: applied ?? running?.properties, output: output) }
    }

    /// Writes the twin's settings into the user's profile file: those running (`applied`), else
    /// the options over the profile in effect.
    private func saveProfile(applied: [String: BusValue]?, output: TextOutput) throws {
        let info = try original()
        var saved = try profile.apply(to: calibration.profileStore().pressureProfile(for: info.description))
        if let applied { saved = PressureAdjustment(busProperties: applied).apply(to: saved) }
        let update: ProfileFileUpdate
        do {
            update = try ProfileFileUpdate.saveTwin(saved, of: info.description)
        } catch let error as ProfileError {
            throw CommandFailure("\(error)")
        }
        output.line("Saved \(info.node)'s twin settings to \(update.path)\(update.backupPath.map { " (the previous file is \($0))" } ?? ""): "
            + "curve \(saved.curve.text), tip \(PressureProfile.percentText(saved.tip)), full \(PressureProfile.percentText(saved.full)), twin on "
            + "('forcebridge serve' twins it; the curve is also ForceBridge's own force curve for it).")
        output.flush()
    }
}
