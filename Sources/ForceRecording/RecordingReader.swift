import ForceCore

/// A source of recorded events: a device description, then events in file order.
public protocol RecordingReader: AnyObject {
    /// The file being read.
    var path: String { get }
    /// The recorded device.
    var description: DeviceDescription { get }
    /// The file's format.
    var format: RecordingFormat { get }
    /// The next event, or nil at the end. Throws `RecordingError` for malformed content.
    func next() throws -> InputEvent?
}
