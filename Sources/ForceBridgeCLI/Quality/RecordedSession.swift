import ForceAnalysis
import ForceDevices
import ForcePlot
import ForceRecording
import ForceSession
import ForceSystem

/// A session for `diff`: a recording replayed by the session runtime with a plot recorder
/// attached, or a transcript (`replay --format jsonl`, a golden file) read back.
enum RecordedSession {
    /// The session of the recording or transcript at `path`.
    /// - Throws: a `CommandFailure` with status 2 for a missing or malformed file.
    static func load(_ path: String, device: Int?, calibration: CalibrationOptions) throws -> ReplayedSession {
        guard (try? RecordingFormat.detect(path: path)) == nil, let bytes = try? FileSystem.contents(of: path),
              bytes.first(where: { !" \t\r\n".utf8.contains($0) }) == UInt8(ascii: "{") else {
            return try replay(path, device: device, calibration: calibration)
        }
        do {
            return ReplayedSession(label: path, transcript: try Transcript(parsing: String(decoding: bytes, as: UTF8.self), source: path))
        } catch {
            throw CommandFailure("\(error) (a transcript is what 'forcebridge replay FILE --format jsonl' writes)", status: QualityExitStatus.badInput)
        }
    }

    /// The session of the recording at `path` through the pipeline `calibration` chooses, with a
    /// plot recorder attached.
    /// - Throws: a `CommandFailure` with status 2 for a missing or malformed recording.
    static func replay(_ path: String, device: Int?, calibration: CalibrationOptions) throws -> ReplayedSession {
        let (session, recorder) = try session(replaying: path, device: device, calibration: calibration) { session in
            SessionRecorder(attachingTo: session.pipeline)
        }
        return ReplayedSession(label: path, session: recorder.session, summary: session.pipeline.summary)
    }

    /// Replays the recording at `path` (its device `device`) through the pipeline `calibration`
    /// chooses, on the session runtime as `replay` does, at maximum speed and reading on the loop
    /// (check, diff and analyze replay a recording per processor); `attach` adds what follows the
    /// session and returns it. The recording's warnings go to standard error as they appear.
    /// - Throws: a `CommandFailure` with status 2 for a missing or malformed recording.
    static func session<Follower>(replaying path: String, device: Int?, calibration: CalibrationOptions,
                                  attaching attach: (Session) -> Follower) throws -> (Session, Follower) {
        let (reader, warnings) = try RecordingOptions.open(path, device: device, failureStatus: QualityExitStatus.badInput)
        let pipeline = try calibration.pipeline(for: reader.description, profiles: calibration.profileStore())
        let recording = try RecordingSource(reader: reader)
        let session = Session(source: recording, pipeline: pipeline)
        let follower = attach(session)
        session.batchHandler = { warnings.report(recording.warnings) }
        do {
            try session.run()
        } catch {
            throw CommandFailure(CommandFailure.message(for: error), status: QualityExitStatus.badInput)
        }
        warnings.report(recording.warnings)
        return (session, follower)
    }
}
