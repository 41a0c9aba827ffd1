import Synchronization

/// Bytes kept in memory, written from any thread (`CapturedText` is for one): what a run of
/// the command line in-process captures of its standard output and error.
public final class SharedCapture: TextDestination, Sendable {
    private let bytes = Mutex<[UInt8]>([])

    /// An empty capture.
    public init() {}

    public func write(_ bytes: [UInt8]) -> Bool {
        self.bytes.withLock { $0.append(contentsOf: bytes) }
        return true
    }

    /// Everything written, as text.
    public var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }
}
