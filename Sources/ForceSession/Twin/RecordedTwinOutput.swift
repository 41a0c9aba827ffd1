import ForceCore
import ForceDevices
import ForceRecording

/// A twin that is a recording: the frames a twin would write go to a `RecordingWriter` (or are
/// only counted), to see what a profile does to a recorded session (`forcebridge twin --replay`).
public final class RecordedTwinOutput: TwinFrameOutput {
    public let node: String
    /// The frames written.
    public private(set) var frames = 0
    /// The events written, `SYN_REPORT`s included.
    public private(set) var events = 0
    private let writer: (any RecordingWriter)?
    /// The first error writing, if one happened (later frames are then only counted).
    public private(set) var failure: (any Error)?

    /// An output named `node` writing into `writer`, or only counting without one.
    public init(node: String, writer: (any RecordingWriter)?) {
        self.node = node
        self.writer = writer
    }

    public func write(_ frame: [InputEvent]) throws(DeviceError) {
        frames += 1
        events += frame.count
        guard let writer, failure == nil else { return }
        do {
            for event in frame { try writer.write(event) }
        } catch {
            failure = error
        }
    }

    public func release() {
        guard let writer, failure == nil else { return }
        do { try writer.close() } catch { failure = error }
    }
}
