import ForceRecording

/// A source that replays a recording, read on the loop or ahead of it (`RecordingSource`) or
/// mirrored into a virtual device (`UinputMirrorSource`): its session hands on the recording's
/// warnings as they appear (`Session.init(replaying:through:warnings:)`).
package protocol RecordedInputSource: InputSource {
    /// The warnings the recording gave so far.
    var warnings: [RecordingWarning] { get }
}

extension RecordingSource: RecordedInputSource {}

extension UinputMirrorSource: RecordedInputSource {
    package var warnings: [RecordingWarning] { reader.warnings }
}
