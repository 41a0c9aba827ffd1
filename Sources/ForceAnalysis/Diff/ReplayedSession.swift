import ForceCore
import ForcePlot
import ForceRecording

/// A session ready to be compared: a label for people (the file name), each touch's force over
/// time and the interaction's phases as a plot recorder saw them, and the pipeline's summary.
public struct ReplayedSession: Sendable {
    /// What to call the session (its file, a device, a firmware version).
    public var label: String
    /// The touches, phases and haptics.
    public var session: SessionTimeline
    /// The pipeline's summary.
    public var summary: SessionSummary

    /// A session already replayed (by a runtime with a `SessionRecorder` attached).
    public init(label: String, session: SessionTimeline, summary: SessionSummary) {
        self.label = label
        self.session = session
        self.summary = summary
    }
}
