import ForceAnalysis
import ForcePlot
import ForceRecording
import ForceSession

/// A recording replayed by the session runtime for `diff`, with a plot recorder attached.
enum RecordedSession {
    /// The session of the recording at `path` through the pipeline `calibration` chooses.
    /// - Throws: a `CommandFailure` with status 2 for a missing or malformed recording.
    static func replay(_ path: String, device: Int?, calibration: CalibrationOptions) throws -> ReplayedSession {
        let (reader, warnings) = try RecordingOptions.open(path, device: device, failureStatus: QualityExitStatus.badInput)
        let pipeline = try calibration.pipeline(for: reader.description, profiles: calibration.profileStore())
        let recorder = SessionRecorder(attachingTo: pipeline)
        let session = Session(source: RecordingSource(reader: reader), pipeline: pipeline)
        session.batchHandler = { warnings.report() }
        do {
            try session.run()
        } catch {
            throw CommandFailure(CommandFailure.message(for: error), status: QualityExitStatus.badInput)
        }
        warnings.report()
        return ReplayedSession(label: path, session: recorder.session, summary: pipeline.summary)
    }
}
