import ForceCore
import ForceDevices
import ForceRecording

/// A recording rewritten as its twin would write it (`forcebridge twin --replay`): the session
/// of the recorded device, its frames through the profile into a `RecordedTwinOutput` that
/// writes them to a recording file, or only counts them.
public final class TwinReplay {
    /// The twin's frames: counted, and written where a file was given.
    public let output: RecordedTwinOutput
    /// The twin on the recording's session.
    public let twin: DeviceTwin
    private let source: RecordingSource

    /// The twin of the device `reader` reads (recorded as `node`) under `profile`, writing its
    /// frames to `path` (evemu, or libinput record YAML for `.yml`) when given.
    /// - Throws: a `RecordingError` when the file cannot be created; a `TwinError` when the
    ///   device is not one to twin.
    public init(reader: sending any RecordingReader, node: String, profile: PressureProfile, writingTo path: String?) throws {
        let description = TwinDevice.twinDescription(of: reader.description, node: node)
        let writer = try path.map { path in
            try RecordingOutputFormat(fileName: path).makeWriter(path: path, description: description, source: "forcebridge twin --replay")
        }
        output = RecordedTwinOutput(node: path ?? "(none)", writer: writer)
        source = try RecordingSource(reader: reader)
        twin = try DeviceTwin(io: TwinIO(source: source, output: output), profile: profile)
    }

    /// Runs the recording to its end, or to its first malformed line (`failure`).
    public func run() throws {
        do { try twin.session.run() } catch { if twin.session.failure == nil { throw error } }
    }

    /// The recording's warnings so far.
    public var warnings: [RecordingWarning] { source.warnings }

    /// Why the recording ended early (a malformed line), if it did.
    public var failure: (any Error)? { twin.session.failure }
}
