import ForceBus
import ForceCore
import ForceDevices
import ForceSystem
import ForceService
import ForceSession
import ForceSettings

extension TwinCommand {
    /// Changes the running twin's profile over the bus (and writes it into the profile file with
    /// `--save`).
    func runSet() throws {
        let output = Console.output()
        let settings = try profile.busSettings()
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
            output.line("\(running.device)'s twin \(running.twin) (\(Self.owner(running.busName))) now: \(Self.summary(applied)).")
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
        let store = try calibration.profileStore()
        var saved = try profile.apply(to: store.pressureProfile(for: info.description))
        if let applied {
            if let curve = applied["curve"]?.stringValue.flatMap(PressureCurve.init(text:)) { saved.curve = curve }
            if let tip = applied["tip"]?.doubleValue { saved.tip = tip }
            if let full = applied["full"]?.doubleValue { saved.full = full }
        }
        var entry = DeviceProfile(match: DeviceProfile.Match(device: info.description), calibration: ForceCalibration(curve: saved.curve))
        entry.twin = TwinSettings(enabled: true, tip: saved.tip, full: saved.full)
        let path = XDGDirectories().profilesFile.path
        let update: ProfileFileUpdate
        do {
            update = try ProfileFileUpdate.apply(entry, toFileAt: path)
        } catch let error as ProfileError {
            throw CommandFailure("\(error)")
        }
        output.line("Saved \(info.node)'s twin settings to \(update.path)\(update.backupPath.map { " (the previous file is \($0))" } ?? ""): "
            + "curve \(saved.curve.text), tip \(Self.percent(saved.tip)), full \(Self.percent(saved.full)), twin on "
            + "('forcebridge serve' twins it; the curve is also ForceBridge's own force curve for it).")
        output.flush()
    }

    /// Who runs a twin, from its bus name.
    static func owner(_ busName: String) -> String {
        busName == ServiceNames.busName ? "the service" : "'forcebridge twin', \(busName)"
    }

    /// `curve bezier:…, tip 3 %, full 85 %, resting offset 12 (learning)` from a twin's properties.
    static func summary(_ properties: [String: BusValue]) -> String {
        var parts: [String] = []
        if let curve = properties["curve"]?.stringValue { parts.append("curve \(curve)") }
        if let tip = properties["tip"]?.doubleValue { parts.append("tip \(percent(tip))") }
        if let full = properties["full"]?.doubleValue { parts.append("full \(percent(full))") }
        if let offset = properties["offset"]?.doubleValue {
            let learning = properties["learnsRestingOffset"]?.boolValue == true ? " (learned from the pen)" : ""
            parts.append("resting offset \(NumberFormat.trimmed(offset, decimals: 2))\(learning)")
        }
        return parts.joined(separator: ", ")
    }
}
