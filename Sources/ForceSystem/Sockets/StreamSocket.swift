import Glibc
import SystemPackage

/// A connected pair of Unix stream sockets whose local end never blocks and never raises
/// `SIGPIPE`: a service keeps `local` and hands `remote` to a client (over D-Bus, say), then
/// streams to it with `send(_:)`. A client that stops reading fills the socket's buffer and
/// later sends report `.full` instead of waiting; a client that went away reports `.closed`.
/// Watched for reading, `local` becomes readable when the peer closes its end (or writes, which
/// a streaming client has no reason to do).
public final class StreamSocket {
    /// What one `send` did.
    public enum SendResult: Equatable, Sendable {
        /// These many bytes went out (fewer than given when the buffer filled up on the way).
        case sent(Int)
        /// The buffer is full; nothing went out.
        case full
        /// The peer closed its end (or the socket failed).
        case closed
    }

    /// The end this program writes to (non-blocking).
    public let local: FileDescriptor
    private var isClosed = false
    /// The end to hand over; close it once it is handed over.
    public private(set) var remote: FileDescriptor?

    /// A new pair; `bufferSize` bytes (as the kernel counts them) may wait for the reader.
    public init(bufferSize: Int? = nil) throws(SystemError) {
        let pair: (FileDescriptor, FileDescriptor)
        do {
            pair = try SystemCall.socketPair(domain: AF_UNIX, type: CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue))
        } catch {
            throw SystemError(path: "socketpair", operation: "socketpair", errno: error)
        }
        (local, remote) = pair
        if let size = bufferSize.map(CInt.init(clamping:)) {
            _ = try? SystemCall.setSocketOption(pair.0, level: SOL_SOCKET, SO_SNDBUF, size)
        }
    }

    deinit { close() }

    /// Closes both ends (the reader then sees the end of the stream).
    public func close() {
        closeRemote()
        guard !isClosed else { return }
        isClosed = true
        local.closeQuietly()
    }

    /// Sends what fits of `bytes` without waiting.
    public func send(_ bytes: [UInt8]) -> SendResult {
        bytes.withUnsafeBytes { send($0) }
    }

    /// Sends what fits of `bytes` without waiting.
    public func send(_ bytes: UnsafeRawBufferPointer) -> SendResult {
        guard !isClosed else { return .closed }
        guard !bytes.isEmpty else { return .sent(0) }
        do {
            return .sent(try SystemCall.send(local, bytes, flags: CInt(MSG_DONTWAIT) | CInt(MSG_NOSIGNAL)))
        } catch .resourceTemporarilyUnavailable {
            return .full
        } catch {
            return .closed
        }
    }

    /// Whether the peer closed its end (what makes `local` readable; a peer that wrote instead
    /// counts as closed too: a streaming client has nothing to say).
    public var isPeerGone: Bool {
        guard !isClosed else { return true }
        var byte: UInt8 = 0
        do {
            _ = try withUnsafeMutableBytes(of: &byte) { buffer in
                Result { () throws(Errno) in try SystemCall.receive(local, into: buffer, flags: CInt(MSG_PEEK) | CInt(MSG_DONTWAIT)) }
            }.get()
            return true
        } catch .resourceTemporarilyUnavailable {
            return false
        } catch {
            return true
        }
    }

    /// Closes the end that was handed over (the receiver holds its own copy).
    public func closeRemote() {
        remote?.closeQuietly()
        remote = nil
    }
}
