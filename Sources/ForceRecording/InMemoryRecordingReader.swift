import ForceCore

/// Reads a `Recording` already in memory (one made up, or edited after reading a file), so that
/// it replays through the same session runtime as a file does (`RecordingSource(reader:)`).
public final class InMemoryRecordingReader: RecordingReader {
    /// What the recording is called in reports, in place of a file's path.
    public let path: String
    public let description: DeviceDescription
    /// The format it reports (ForceBridge's native one unless given).
    public let format: RecordingFormat

    private let events: [InputEvent]
    private var index = 0

    /// Reads `recording`, called `name` in reports, as if it were in `format`.
    public init(_ recording: Recording, name: String = "recording", format: RecordingFormat = .evemu) {
        path = name
        description = recording.description
        self.format = format
        events = recording.events
    }

    public func next() -> InputEvent? {
        guard index < events.count else { return nil }
        defer { index += 1 }
        return events[index]
    }
}
