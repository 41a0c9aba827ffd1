import ForceCore
import ForceRecording

extension Session {
    /// Replays what `reader` reads through `pipeline` to its end, as `replay` does, at maximum
    /// speed; `attach` adds what follows the session before it runs and returns it. It reads on
    /// the loop (`check`, `diff` and `analyze` replay a recording per processor), or a chunk
    /// ahead on a second processor with `readsAhead` (`plot`, for the one recording a user waits
    /// for). The recording's warnings go to `warnings` as they appear.
    /// - Throws: the `RecordingError` of a malformed recording from `run` (`failure` says where;
    ///   the warnings so far are not reported), unless `endsAtMalformedLine`: then the session
    ///   ends there, its warnings are reported and its `failure` says where.
    package static func replay<Follower>(_ reader: sending any RecordingReader, through pipeline: InputPipeline,
                                         warnings: RecordingWarningReporter, readsAhead: Bool = false, endsAtMalformedLine: Bool = false,
                                         attaching attach: (Session) -> Follower) throws -> (Session, Follower) {
        let recording = try RecordingSource(reader: reader, readsAhead: readsAhead)
        let session = Session(replaying: recording, through: pipeline, warnings: warnings)
        let follower = attach(session)
        do {
            try session.run()
        } catch {
            if !endsAtMalformedLine || session.failure == nil { throw error }
        }
        warnings.report(recording.warnings)
        return (session, follower)
    }
}
