import ForceCommandLine
import ForceCore
import ForcePlot

extension PlotCommand {
    /// `plot --twin`: the recording's pressure and its twin's (`TwinPressurePlot`).
    func plotTwin(to destination: PlotDestination) throws {
        let (reader, warnings) = try recording.open()
        let store = try calibration.profileStore()
        let profile = try twinProfile.apply(to: store.pressureProfile(for: reader.description))
        guard var trace = TwinPressureTrace(device: reader.description, profile: profile) else {
            throw CommandFailure("\(recording.file): not twinned: \(TwinEligibility(reader.description).refusal ?? "")")
        }
        var failure: (any Error)?
        do {
            while let event = try reader.next() { trace.take(event) }
        } catch {
            // A malformed line ends the session there; it is drawn as far as it goes, then reported.
            failure = error
        }
        warnings.report(reader.warnings)
        try destination.write(bytes: Array(TwinPressurePlot(trace: trace, width: width, height: height).svg().utf8), what: "the plot")
        if let failure { throw CommandFailure("\(failure) (plotted up to there)") }
    }
}
