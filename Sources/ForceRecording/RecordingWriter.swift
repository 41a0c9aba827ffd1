import ForceCore

/// A destination for recorded events in some format; the device is given when it is created.
public protocol RecordingWriter: AnyObject {
    /// The file being written.
    var path: String { get }
    /// Appends `event`; a frame reaches the file at its `SYN_REPORT`.
    func write(_ event: InputEvent) throws
    /// Writes what is buffered and closes the file.
    func close() throws
}

extension EvemuWriter: RecordingWriter {}

/// The formats ForceBridge writes.
public enum RecordingOutputFormat: String, Hashable, Sendable, CaseIterable {
    /// evemu 1.3 (loads in `evemu-play` and `evemu-device`).
    case evemu
    /// `libinput record` YAML, format version 1.
    case libinputRecord = "libinput-record"

    /// The format a file name asks for: `.yml`/`.yaml` is YAML, anything else evemu.
    public init(fileName: String) {
        let lowered = fileName.lowercased()
        self = lowered.hasSuffix(".yml") || lowered.hasSuffix(".yaml") ? .libinputRecord : .evemu
    }

    /// Creates a writer of this format for `description` at `path`.
    public func makeWriter(path: String, description: DeviceDescription, source: String? = nil) throws -> any RecordingWriter {
        switch self {
        case .evemu: return try EvemuWriter(path: path, description: description)
        case .libinputRecord: return try LibinputRecordWriter(path: path, description: description, source: source)
        }
    }
}
