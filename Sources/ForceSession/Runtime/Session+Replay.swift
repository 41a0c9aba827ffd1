import ForceCore
import ForceRecording

extension Session {
    /// Replays what `reader` reads through `pipeline` to its end, as `replay` does, at maximum
    /// speed and reading on the loop (`check`, `diff` and `analyze` replay a recording per
    /// processor); `attach` adds what follows the session before it runs and returns it. The
    /// recording's warnings go to `warnings` as they appear (a malformed line ends the run first).
    /// - Throws: the `RecordingError` of a malformed recording from `run` (`failure` says where).
    package static func replay<Follower>(_ reader: sending any RecordingReader, through pipeline: InputPipeline,
                                         warnings: RecordingWarningReporter, attaching attach: (Session) -> Follower) throws -> (Session, Follower) {
        let recording = try RecordingSource(reader: reader)
        let session = Session(source: recording, pipeline: pipeline)
        let follower = attach(session)
        session.batchHandler = { warnings.report(recording.warnings) }
        try session.run()
        warnings.report(recording.warnings)
        return (session, follower)
    }
}
