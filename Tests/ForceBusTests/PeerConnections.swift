import Glibc
import SystemPackage
import Testing

@testable import ForceBus

/// Two sd-bus connections talking directly over a socket pair (no bus daemon), driven by one
/// poll loop on the test's thread exactly as an event loop drives a connection: watch the
/// descriptor for `readiness`, wake at `nextDeadline`, then `processAll()`.
final class PeerConnections {
    let server: BusConnection
    let client: BusConnection

    init() throws {
        var sockets: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &sockets) == 0 else {
            throw Errno(rawValue: errno)
        }
        server = try BusConnection.peer(socket: FileDescriptor(rawValue: sockets[0]), isServer: true)
        client = try BusConnection.peer(socket: FileDescriptor(rawValue: sockets[1]), isServer: false)
        #expect(try pump { self.client.canPassDescriptors && self.server.canPassDescriptors }, "the peers did not authenticate")
    }

    /// Runs both connections until `condition` holds (true) or `rounds` of at most 10 ms pass
    /// (false; 5 s by default).
    @discardableResult
    func pump(rounds: Int = 500, _ condition: () -> Bool) throws -> Bool {
        for _ in 0..<rounds {
            try server.processAll()
            try client.processAll()
            if condition() { return true }
            var fds = [server, client].map { pollfd(fd: $0.descriptor.rawValue, events: Int16($0.readiness.rawValue), revents: 0) }
            _ = poll(&fds, 2, 10)
        }
        return condition()
    }

    /// Calls `member` of the test object on the server and waits for the answer.
    func call(_ member: String, interface: String = "org.forcebridge.Test", path: String = "/org/forcebridge/Test",
              _ build: (BusMessage) throws(BusError) -> Void = { _ in }) throws -> Result<BusMessage, BusError> {
        let message = try client.methodCall(destination: nil, path: path, interface: interface, member: member)
        try build(message)
        var result: Result<BusMessage, BusError>?
        try client.callAsync(message, timeout: .seconds(5)) { result = $0 }
        #expect(try pump { result != nil }, "no answer to \(member)")
        return try #require(result)
    }
}
