import ForceCore

/// Makes a `RecordingAnalysis` as a session replays a recording: attached with
/// `Session.attach(_:)`, it sees the raw events (`InputObserver`: report timing, slots, filtered
/// events, `SYN_DROPPED`) and the pipeline's frames (contacts, force); `analysis(of:)` adds the
/// pipeline's summary and force model.
///
/// ```swift
/// let session = Session(source: source)
/// let analyzer = RecordingAnalyzer(device: source.device)
/// session.attach(analyzer)
/// try session.run()
/// print(analyzer.analysis(of: session.pipeline).text)
/// ```
public final class RecordingAnalyzer: SessionSink, InputObserver {
    /// The choices the analysis is made with.
    public let options: AnalysisOptions

    private let device: DeviceDescription
    private var scan: EventScan
    private var collector = ContactCollector()

    /// An analyzer of a session of `device`.
    public init(device: DeviceDescription, options: AnalysisOptions = AnalysisOptions()) {
        self.device = device
        self.options = options
        scan = EventScan(device: device)
    }

    public func observe(_ event: InputEvent) {
        scan.process(event)
    }

    public func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        guard case .frame(let time, let touches) = event else { return }
        collector.add(touches, at: pipeline.relativeSeconds(time), isFinishing: pipeline.isFinishing)
    }

    /// What the analyzer found in the session of `pipeline`, the pipeline it is attached to; after
    /// the session ended, the whole recording's analysis.
    public func analysis(of pipeline: InputPipeline) -> RecordingAnalysis {
        RecordingAnalysis(device: device, scan: scan, contacts: collector.contacts, pipeline: pipeline, options: options)
    }
}
