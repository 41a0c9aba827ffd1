import FlyingFox
import ForceSession
import Synchronization

/// Hands every line of the session's report to every connected WebSocket client, as one text
/// message per line. It is the `TextDestination` of the session's `JSONLinesSink`, so clients
/// read exactly the lines of `replay --format jsonl`; `ViewFactsSink` adds its own lines.
///
/// The runtime's thread writes; the server's tasks connect and disconnect clients. A client that
/// falls `clientBacklog` lines behind loses its oldest lines rather than holding the session up.
public final class ViewBroadcast: TextDestination, Sendable {
    /// Lines a client may fall behind before its oldest unsent lines are dropped.
    public static let clientBacklog = 8_192

    private struct State {
        var clients: [UInt64: AsyncStream<WSMessage>.Continuation] = [:]
        var nextClient: UInt64 = 0
        var greeting: [String] = []
        var hadClient = false
    }

    private let state = Mutex(State())
    private let firstClientConnected: @Sendable () -> Void

    /// A broadcast calling `firstClientConnected` once, when the first client connects (the
    /// view starts its session then, so nothing is read before someone watches).
    public init(firstClientConnected: @escaping @Sendable () -> Void = {}) {
        self.firstClientConnected = firstClientConnected
    }

    /// The clients connected now.
    public var clientCount: Int { state.withLock { $0.clients.count } }

    public func write(_ bytes: [UInt8]) -> Bool {
        for line in bytes.split(separator: 10) { send(String(decoding: line, as: UTF8.self)) }
        return true
    }

    /// Sends `line` to every client.
    public func send(_ line: String) {
        state.withLock { state in
            for client in state.clients.values { client.yield(.text(line)) }
        }
    }

    /// Sets the lines a client gets first when it connects (the device it is shown), and sends
    /// them to the clients connected now.
    public func greet(with lines: [String]) {
        state.withLock { state in
            state.greeting = lines
            for client in state.clients.values {
                for line in lines { client.yield(.text(line)) }
            }
        }
    }

    /// Ends every client's stream (the server is stopping).
    public func close() {
        let clients = state.withLock { state in
            defer { state.clients = [:] }
            return Array(state.clients.values)
        }
        for client in clients { client.finish() }
    }

    /// Registers a client: the greeting, then every line sent from now on, until `closed` ends.
    func connect(closed: AsyncStream<WSMessage>) -> AsyncStream<WSMessage> {
        let (messages, continuation) = AsyncStream.makeStream(of: WSMessage.self, bufferingPolicy: .bufferingNewest(Self.clientBacklog))
        let (identifier, isFirst) = state.withLock { state in
            let identifier = state.nextClient
            state.nextClient += 1
            for line in state.greeting { continuation.yield(.text(line)) }
            state.clients[identifier] = continuation
            defer { state.hadClient = true }
            return (identifier, !state.hadClient)
        }
        if isFirst { firstClientConnected() }
        Task { [self] in
            // The page sends nothing; its stream ends when it goes away.
            for await _ in closed {}
            disconnect(identifier)
        }
        return messages
    }

    private func disconnect(_ identifier: UInt64) {
        let client = state.withLock { $0.clients.removeValue(forKey: identifier) }
        client?.finish()
    }
}

/// The WebSocket side of `ViewBroadcast` for FlyingFox.
struct ViewMessageHandler: WSMessageHandler {
    let broadcast: ViewBroadcast

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        broadcast.connect(closed: client)
    }
}
