import ForceCommandLine
import ForceDevices
import ForceSession

extension TwinCommand {
    /// Rewrites the recording `device` as its twin would: a summary, and the twin's frames with
    /// `--output`.
    func runReplay() throws {
        let (reader, warnings) = try RecordingOptions.open(device, device: nil)
        let pressure = try profile.apply(to: calibration.profileStore().pressureProfile(for: reader.description))
        let replay: TwinReplay
        do {
            replay = try TwinReplay(reader: reader, node: device, profile: pressure, writingTo: output)
        } catch let error as TwinError {
            throw CommandFailure(Self.message(for: error))
        }
        try replay.run()
        warnings.report(replay.warnings)
        let recorded = replay.output
        if let failure = recorded.failure { throw CommandFailure("\(output ?? ""): \(failure)") }
        let console = Console.output()
        console.line("\(device): \(recorded.frames) frames, \(recorded.events) events through the twin (\(pressure.summary))"
            + (output.map { "; written to \($0)" } ?? ""))
        console.flush()
        if let failure = replay.failure { throw CommandFailure("\(failure) (rewritten up to there)") }
    }
}
