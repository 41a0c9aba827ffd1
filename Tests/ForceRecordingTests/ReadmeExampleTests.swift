import ForceTestSupport
import ForceCore
import ForceRecording
import Testing

/// The UIKit-shaped example in README.md, kept compiling and true: the stylus recording previews
/// and commits through the pipeline's delegate.
struct ReadmeExampleTests {
    final class Peek: PreviewInteractionDelegate {
        var log: [String] = []
        func previewInteraction(_ interaction: PreviewInteraction, didUpdatePreviewTransition progress: Double, ended: Bool) {
            if ended { log.append("Preview: \(progress), ended: \(ended)") }
        }
        func previewInteraction(_ interaction: PreviewInteraction, didUpdateCommitTransition progress: Double, ended: Bool) {
            if ended { log.append("Commit: \(progress), ended: \(ended)") }
        }
        func previewInteractionDidCancel(_ interaction: PreviewInteraction) { log.append("Canceled") }
    }

    @Test func stylusRecordingPreviewsAndCommits() throws {
        let path = Repository.path("recordings/stylus-commit.evemu")
        let reader = try RecordingFormat.open(path: path)
        let pipeline = InputPipeline(device: reader.description)
        let peek = Peek()
        pipeline.delegate = peek
        while let event = try reader.next() { pipeline.process(event) }
        pipeline.finish()
        #expect(peek.log == ["Preview: 1.0, ended: true", "Commit: 1.0, ended: true"])
        #expect(pipeline.forceModel.maximumPossibleForce > 4.16 && pipeline.forceModel.maximumPossibleForce < 4.17)
    }
}
