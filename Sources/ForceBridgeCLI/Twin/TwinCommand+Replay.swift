import ForceCore
import ForceDevices
import ForceSystem
import ForceRecording
import ForceSession

extension TwinCommand {
    /// Rewrites the recording `device` as its twin would: a summary, and the twin's frames with
    /// `--output`.
    func runReplay() throws {
        let (reader, warnings) = try RecordingOptions.open(device, device: nil)
        let description = reader.description
        let store = try calibration.profileStore()
        let pressure = try profile.apply(to: store.pressureProfile(for: description))
        let writer = try output.map { path in
            try RecordingOutputFormat(fileName: path).makeWriter(
                path: path, description: TwinDevice.twinDescription(of: description, node: device), source: "forcebridge twin --replay")
        }
        let recorded = RecordedTwinOutput(node: output ?? "(none)", writer: writer)
        let source = try RecordingSource(reader: reader)
        let twin: DeviceTwin
        do {
            twin = try DeviceTwin(io: TwinIO(source: source, output: recorded), profile: pressure)
        } catch {
            throw CommandFailure(Self.message(for: error))
        }
        do { try twin.session.run() } catch { if twin.session.failure == nil { throw error } }
        warnings.report(source.warnings)
        if let failure = recorded.failure { throw CommandFailure("\(output ?? ""): \(failure)") }
        let console = Console.output()
        console.line("\(device): \(recorded.frames) frames, \(recorded.events) events through the twin (\(Self.summary(of: pressure)))"
            + (output.map { "; written to \($0)" } ?? ""))
        console.flush()
        if let failure = twin.session.failure { throw CommandFailure("\(failure) (rewritten up to there)") }
    }
}
