import ForceAnalysis
import ForceCore
import ForceRecording
import ForceSession

/// Writes a session's jsonl transcript as `forcebridge replay --format jsonl` does today
/// (device, touch, interaction and summary lines, the same members and decimals), so that
/// comparator tests run on real transcripts without the command line. The command's own
/// writer stays the source of truth; `TranscriptWriterTests` holds this one to it.
final class TranscriptWriter: SessionSink, PreviewInteractionDelegate {
    private(set) var lines: [String] = []
    private let pipeline: InputPipeline

    init(pipeline: InputPipeline) {
        self.pipeline = pipeline
        pipeline.interaction.delegate = self
        pipeline.attach(self)
    }

    /// The transcript of `recording` through a default pipeline with `thresholds`, replayed as
    /// `forcebridge replay` does (the session runtime over a recording source).
    static func lines(of recording: Recording, thresholds: PreviewThresholds = .standard) throws -> [String] {
        let pipeline = InputPipeline(device: recording.description, thresholds: thresholds)
        let writer = TranscriptWriter(pipeline: pipeline)
        writer.writeDevice()
        try Session(source: try RecordingSource(reader: InMemoryRecordingReader(recording)), pipeline: pipeline).run()
        writer.writeSummary()
        return writer.lines
    }

    /// The transcript of the file at `path`, read into a `Transcript` line by line as a sink
    /// would hand them over.
    static func transcript(of path: String, thresholds: PreviewThresholds = .standard, source: String? = nil) throws -> Transcript {
        var transcript = Transcript(source: source ?? path)
        for line in try lines(of: try Recording(contentsOf: path), thresholds: thresholds) { try transcript.append(line) }
        return transcript
    }

    func writeDevice() {
        let device = pipeline.device
        let axis = device.pressureAxis
        write("device", [
            JSONMember("name", .string(device.name)),
            JSONMember("kind", .string(device.kind.rawValue)),
            JSONMember("pressureAxis", .string(axis?.name ?? "none")),
            JSONMember("pressureMin", axis.map { .integer(Int($0.info.minimum)) } ?? .null),
            JSONMember("pressureMax", axis.map { .integer(Int($0.info.maximum)) } ?? .null),
            JSONMember("maximumPossibleForce", .number(pipeline.forceModel.maximumPossibleForce, decimals: 4)),
            JSONMember("forceSource", .string(pipeline.forceModel.forceSource.rawValue)),
        ])
    }

    func writeSummary() {
        let summary = pipeline.summary
        write("summary", [
            JSONMember("events", .integer(summary.events)),
            JSONMember("frames", .integer(summary.frames)),
            JSONMember("touches", .integer(summary.touches)),
            JSONMember("peakNormalizedForce", .number(summary.peakNormalizedForce, decimals: 4)),
            JSONMember("previewsEnded", .integer(summary.previewsEnded)),
            JSONMember("commits", .integer(summary.commits)),
            JSONMember("cancels", .integer(summary.cancels)),
        ])
    }

    func receive(_ event: SessionEvent, from pipeline: InputPipeline) {
        guard case .frame(let time, let touches) = event else { return }
        for touch in touches {
            write("touch", [
                JSONMember("time", .number(pipeline.relativeSeconds(time), decimals: 6)),
                JSONMember("id", .integer(touch.identifier)),
                JSONMember("phase", .string(touch.phase.rawValue)),
                JSONMember("tool", .string(touch.tool.rawValue)),
                JSONMember("x", .number(touch.x, decimals: 3)),
                JSONMember("y", .number(touch.y, decimals: 3)),
                JSONMember("force", .number(touch.force, decimals: 4)),
                JSONMember("normalizedForce", .number(touch.normalizedForce, decimals: 4)),
                JSONMember("forceSource", .string(touch.forceSource.rawValue)),
            ])
        }
    }

    func previewInteractionShouldBegin(_ previewInteraction: PreviewInteraction) -> Bool {
        interaction("shouldBegin", progress: nil, ended: nil)
        return true
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdatePreviewTransition transitionProgress: Double, ended: Bool) {
        interaction("preview", progress: transitionProgress, ended: ended)
    }

    func previewInteraction(_ previewInteraction: PreviewInteraction, didUpdateCommitTransition transitionProgress: Double, ended: Bool) {
        interaction("commit", progress: transitionProgress, ended: ended)
    }

    func previewInteractionDidCancel(_ previewInteraction: PreviewInteraction) {
        interaction("cancel", progress: nil, ended: nil)
    }

    private func interaction(_ event: String, progress: Double?, ended: Bool?) {
        write("interaction", [
            // At the interaction's own time: a Haptic Touch's deadline, which may come before the
            // frame that caught up with it.
            JSONMember("time", .number(pipeline.relativeSeconds(pipeline.interaction.timestamp), decimals: 6)),
            JSONMember("event", .string(event)),
            JSONMember("progress", .number(progress, decimals: 4)),
            JSONMember("ended", ended.map { .bool($0) } ?? .null),
        ])
    }

    private func write(_ type: String, _ members: [JSONMember]) {
        lines.append(JSONValue.object([JSONMember("type", .string(type))] + members).jsonText)
    }
}
