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
        var deviceList: String?
        var greeting: [String] = []
        var latest: String?
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

    /// Sets the lines a client gets first when it connects (the device it is shown), after the
    /// device list, and sends them to the clients connected now unless `sendingNow` is false.
    public func greet(with lines: [String], sendingNow: Bool = true) {
        state.withLock { state in
            state.greeting = lines
            guard sendingNow else { return }
            for client in state.clients.values {
                for line in lines { client.yield(.text(line)) }
            }
        }
    }

    /// Sends `line` to every client and keeps it for clients that connect later, after the
    /// greeting, until the next such line (a page's whole state: the grid, the sphere).
    public func sendKeeping(_ line: String) {
        state.withLock { state in
            state.latest = line
            for client in state.clients.values { client.yield(.text(line)) }
        }
    }

    /// Sends the `view-devices` line of `devices` (the devices present, in the order given:
    /// `{"type":"view-devices","devices":[{"node":…,"name":…,"kind":…},…]}`) to every client and
    /// keeps it as the first line a client gets when it connects.
    public func listDevices(_ devices: [(node: String, name: String?, kind: String?)]) {
        let entries = devices.map { device in
            var entry = JSONLine()
            entry.string("node", device.node)
            entry.string("name", device.name)
            entry.string("kind", device.kind)
            return entry.line
        }
        var list = JSONLine()
        list.string("type", "view-devices")
        list.raw("devices", "[" + entries.joined(separator: ",") + "]")
        let line = list.line
        state.withLock { state in
            state.deviceList = line
            for client in state.clients.values { client.yield(.text(line)) }
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
            if let deviceList = state.deviceList { continuation.yield(.text(deviceList)) }
            for line in state.greeting { continuation.yield(.text(line)) }
            if let latest = state.latest { continuation.yield(.text(latest)) }
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
