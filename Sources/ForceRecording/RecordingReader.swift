import ForceCore

/// A source of recorded events: a device description, then events in file order.
public protocol RecordingReader: AnyObject {
    /// The file being read.
    var path: String { get }
    /// The recorded device (the selected one, in files that hold several).
    var description: DeviceDescription { get }
    /// The file's format.
    var format: RecordingFormat { get }
    /// The next event, or nil at the end. Throws `RecordingError` for malformed content.
    func next() throws -> InputEvent?

    /// What was tolerated so far (it may grow while events are read).
    var warnings: [RecordingWarning] { get }
    /// Every device the file describes, in file order (one for evemu and evtest).
    var devices: [DeviceDescription] { get }
    /// The index in `devices` of the device whose events `next()` returns.
    var deviceIndex: Int { get }
}

extension RecordingReader {
    public var warnings: [RecordingWarning] { [] }
    public var devices: [DeviceDescription] { [description] }
    public var deviceIndex: Int { 0 }
}
