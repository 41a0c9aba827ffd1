import ForceCore

/// A whole recording in memory: the device and every event.
public struct Recording: Hashable, Sendable {
    /// The recorded device.
    public var description: DeviceDescription
    /// The events in order.
    public var events: [InputEvent]

    /// Creates a recording.
    public init(description: DeviceDescription, events: [InputEvent]) {
        self.description = description
        self.events = events
    }

    /// Reads the whole of `path` in whatever format it is.
    public init(contentsOf path: String) throws {
        try self.init(reading: RecordingFormat.open(path: path))
    }

    /// Reads everything `reader` has left.
    public init(reading reader: any RecordingReader) throws {
        description = reader.description
        events = []
        while let event = try reader.next() { events.append(event) }
    }

    /// The duration from the first to the last event, in seconds.
    public var duration: Double {
        guard let first = events.first, let last = events.last else { return 0 }
        return Double(last.time - first.time) / 1_000_000
    }

    /// The number of frames (`SYN_REPORT`s).
    public var frameCount: Int { events.reduce(0) { $0 + ($1.isFrameEnd ? 1 : 0) } }
}
