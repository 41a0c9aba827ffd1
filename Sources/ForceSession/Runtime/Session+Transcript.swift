import ForceCore
import ForceRecording

extension Session {
    /// The session of the recording at `path` exactly as `forcebridge replay --format jsonl`
    /// writes it: one line per device, touch, interaction event and summary. This is what a QA
    /// check compares with a golden transcript; at maximum speed it runs in virtual time, and
    /// any number of recordings may be replayed at once, each on its own thread.
    /// - Parameters:
    ///   - device: which device of a recording that holds several.
    ///   - speed: the pace (the transcript is the same at any pace).
    ///   - makePipeline: the pipeline for the recorded device (default calibration when nil).
    public static func transcript(of path: String, device: Int? = nil, speed: ReplaySpeed = .maximum,
                                  makePipeline: ((DeviceDescription) throws -> InputPipeline)? = nil) throws -> String {
        let source = try RecordingSource(path: path, device: device, speed: speed)
        let session = Session(source: source, pipeline: try makePipeline?(source.device))
        let text = CapturedText()
        session.pipeline.attach(JSONLinesSink(output: TextOutput(text)))
        try session.run()
        return text.text
    }
}
