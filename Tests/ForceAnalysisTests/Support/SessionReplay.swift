import ForceAnalysis
import ForceCore
import ForcePlot
import ForceRecording
import ForceSession

/// Replays recordings as `forcebridge analyze` and `diff` do: the session runtime over a
/// recording source at maximum speed (the driver of `forcebridge replay`), with the analyzer or
/// the plot recorder attached.
enum SessionReplay {
    /// The analysis of the file at `path`.
    static func analysis(ofFile path: String) throws -> RecordingAnalysis {
        try analysis(of: RecordingSource(path: path))
    }

    /// The analysis of `recording`, replayed from memory.
    static func analysis(of recording: Recording) throws -> RecordingAnalysis {
        try analysis(of: RecordingSource(reader: InMemoryRecordingReader(recording)))
    }

    /// The session of the file at `path`, labelled with its file name unless `label` is given.
    static func session(ofFile path: String, label: String? = nil) throws -> ReplayedSession {
        try session(of: RecordingSource(path: path), label: label ?? String(path.split(separator: "/").last!))
    }

    /// The session of `recording`, replayed from memory, labelled `label`.
    static func session(of recording: Recording, label: String) throws -> ReplayedSession {
        try session(of: RecordingSource(reader: InMemoryRecordingReader(recording, name: label)), label: label)
    }

    private static func analysis(of source: RecordingSource) throws -> RecordingAnalysis {
        let session = Session(source: source)
        let analyzer = RecordingAnalyzer(device: source.device)
        session.attach(analyzer)
        try session.run()
        return analyzer.analysis(of: session.pipeline)
    }

    private static func session(of source: RecordingSource, label: String) throws -> ReplayedSession {
        let session = Session(source: source)
        let recorder = SessionRecorder(attachingTo: session.pipeline)
        try session.run()
        return ReplayedSession(label: label, session: recorder.session, summary: session.pipeline.summary)
    }
}
