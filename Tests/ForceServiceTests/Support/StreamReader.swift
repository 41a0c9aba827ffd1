import ForceDevices
import ForceSystem
import SystemPackage

/// Reads a subscriber stream on the loop, as a client would, until it ends; the descriptor is
/// closed then (or by `close()`, a client that stops reading).
final class StreamReader {
    /// Everything read so far.
    private(set) var bytes: [UInt8] = []
    /// Whether the stream ended (the service closed it).
    private(set) var hasEnded = false
    private let descriptor: FileDescriptor
    private let loop: EventLoop
    private var isClosed = false

    /// Starts reading `descriptor` (which the reader owns from now on) on `loop`.
    init(_ descriptor: FileDescriptor, loop: EventLoop) throws {
        self.descriptor = descriptor
        self.loop = loop
        try loop.watch(descriptor) { [unowned self] in self.readAvailable() }
    }

    deinit { close() }

    /// What was read, as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Stops reading and closes the descriptor.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        loop.unwatch(descriptor)
        try? descriptor.close()
    }

    private func readAvailable() {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = (try? chunk.withUnsafeMutableBytes { try descriptor.read(into: $0, retryOnInterrupt: true) }) ?? 0
        if count > 0 {
            bytes += chunk[0..<count]
        } else {
            hasEnded = true
            close()
        }
    }
}
