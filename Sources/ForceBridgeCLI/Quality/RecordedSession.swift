import ForceAnalysis
import ForceCommandLine
import ForcePlot
import ForceSession

/// A session for `diff`: a recording replayed by the session runtime with a plot recorder
/// attached, or a transcript (`replay --format jsonl`, a golden file) read back.
enum RecordedSession {
    /// The session of the recording or transcript at `path`.
    /// - Throws: a `CommandFailure` with status 2 for a missing or malformed file.
    static func load(_ path: String, device: Int?, calibration: CalibrationOptions) throws -> ReplayedSession {
        do {
            if let transcript = try ReplayedSession.transcript(at: path) { return transcript }
        } catch {
            throw CommandFailure("\(error) (a transcript is what 'forcebridge replay FILE --format jsonl' writes)", status: QualityExitStatus.badInput)
        }
        let (session, recorder) = try session(replaying: path, device: device, calibration: calibration) { session in
            SessionRecorder(attachingTo: session.pipeline)
        }
        return ReplayedSession(label: path, session: recorder.session, summary: session.pipeline.summary)
    }

    /// Replays the recording at `path` (its device `device`) through the pipeline `calibration`
    /// chooses (`Session.replay`); `attach` adds what follows the session and returns it. The
    /// recording's warnings go to standard error as they appear.
    /// - Throws: a `CommandFailure` with status 2 for a missing or malformed recording.
    static func session<Follower>(replaying path: String, device: Int?, calibration: CalibrationOptions,
                                  attaching attach: (Session) -> Follower) throws -> (Session, Follower) {
        let (reader, warnings) = try RecordingOptions.open(path, device: device, failureStatus: QualityExitStatus.badInput)
        let pipeline = try calibration.pipeline(for: reader.description, profiles: calibration.profileStore())
        do {
            return try Session.replay(reader, through: pipeline, warnings: warnings, attaching: attach)
        } catch {
            throw CommandFailure(CommandFailure.message(for: error), status: QualityExitStatus.badInput)
        }
    }
}
