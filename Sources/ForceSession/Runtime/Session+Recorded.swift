import ForceCore
import ForceRecording

extension Session {
    /// A session replaying `source`'s recording through `pipeline`, whose warnings go to
    /// `warnings` after each batch of input; after the session, `warnings.report(source.warnings)`
    /// hands on those of its last batch.
    package convenience init(replaying source: any RecordedInputSource, through pipeline: InputPipeline, warnings: RecordingWarningReporter) {
        self.init(source: source, pipeline: pipeline)
        batchHandler = { warnings.report(source.warnings) }
    }
}
