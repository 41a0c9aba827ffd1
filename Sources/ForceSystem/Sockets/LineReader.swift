import Glibc
import SystemPackage

/// Reads lines from a stream socket without ever waiting (a subscriber stream of the service,
/// watched by an event loop): each `readAvailable()` takes what the socket holds now and returns
/// the whole lines in it; a line's start waits for its end. The reader owns the descriptor.
public final class LineReader {
    /// What one `readAvailable()` found.
    public enum Reading: Equatable, Sendable {
        /// Whole lines (perhaps none), without their newlines.
        case lines([String])
        /// The stream ended (the writer closed it, or it failed); these are its last lines.
        case ended([String])
    }

    /// The socket read.
    public let descriptor: FileDescriptor
    private var partial: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var isClosed = false

    /// A reader of `descriptor`, which it closes when the stream ends or on `close()`.
    public init(taking descriptor: FileDescriptor) {
        self.descriptor = descriptor
    }

    deinit { close() }

    /// Reads everything the socket holds now.
    public func readAvailable() -> Reading {
        var lines: [String] = []
        while !isClosed {
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { bytes throws(Errno) in
                    try SystemCall.receive(descriptor, into: bytes, flags: CInt(MSG_DONTWAIT))
                }
            } catch .resourceTemporarilyUnavailable {
                return .lines(lines)
            } catch {
                count = 0
            }
            guard count > 0 else {
                close()
                return .ended(lines)
            }
            var start = 0
            while let end = buffer[start..<count].firstIndex(of: 10) {
                partial += buffer[start..<end]
                lines.append(String(decoding: partial, as: UTF8.self))
                partial.removeAll(keepingCapacity: true)
                start = end + 1
            }
            partial += buffer[start..<count]
        }
        return .ended(lines)
    }

    /// Closes the descriptor (the writer then sees its reader gone).
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        descriptor.closeQuietly()
    }
}
