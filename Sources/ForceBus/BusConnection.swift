import CSystemd
import SystemPackage

/// A connection to a D-Bus bus through sd-bus, driven by the caller's event loop: it has no loop
/// and no thread of its own.
///
/// Wiring it into an epoll loop:
/// 1. watch `descriptor` for `readiness` (level-triggered) and arm a timer for `nextDeadline`;
/// 2. when either fires, call `process()` until it returns false;
/// 3. then read `readiness` and `nextDeadline` again (they change: a queued message makes the
///    connection want `.writable`, a pending call brings a deadline) and update the watch.
///
/// Everything the connection calls back — method handlers, property getters, signal and name
/// watchers, call completions — runs inside `process()`, on the loop's thread. A connection is
/// not `Sendable`: one thread uses it.
public final class BusConnection {
    let pointer: OpaquePointer

    init(pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Connects to the user's session bus (`DBUS_SESSION_BUS_ADDRESS`, else
    /// `$XDG_RUNTIME_DIR/bus`), with Unix descriptor passing. `description` names the connection
    /// in sd-bus's debug output.
    public static func session(description: String = "forcebridge") throws(BusError) -> BusConnection {
        var bus: OpaquePointer?
        try BusCall.check(sd_bus_open_user_with_description(&bus, description), "connecting to the session bus")
        guard let bus else { throw BusError(errno: .noSuchFileOrDirectory, operation: "connecting to the session bus") }
        return BusConnection(pointer: bus)
    }

    /// Connects to the bus at `address` (`unix:path=/run/user/1000/bus`).
    public static func connect(address: String, description: String = "forcebridge") throws(BusError) -> BusConnection {
        try connect(address: address, description: description, trustsPeers: false)
    }

    /// Connects to a session bus at `address` (a private one, or the user's own named
    /// explicitly): as with `session()`, its peers are the user's own, trusted, so sd-bus checks no
    /// privileges per method and introspection carries no privilege annotations.
    public static func session(address: String, description: String = "forcebridge") throws(BusError) -> BusConnection {
        try connect(address: address, description: description, trustsPeers: true)
    }

    private static func connect(address: String, description: String, trustsPeers: Bool) throws(BusError) -> BusConnection {
        var bus: OpaquePointer?
        try BusCall.check(sd_bus_new(&bus), "creating a bus connection")
        guard let bus else { throw BusError(errno: .noMemory, operation: "creating a bus connection") }
        let connection = BusConnection(pointer: bus)
        try BusCall.check(sd_bus_set_address(bus, address), "setting the bus address \(address)")
        try BusCall.check(sd_bus_set_bus_client(bus, 1), "making the connection a bus client")
        try BusCall.check(sd_bus_negotiate_fds(bus, 1), "asking for descriptor passing")
        if trustsPeers { try BusCall.check(sd_bus_set_trusted(bus, 1), "trusting the bus's peers") }
        _ = sd_bus_set_description(bus, description)
        try BusCall.check(sd_bus_start(bus), "connecting to \(address)")
        return connection
    }

    deinit {
        // Sends what is queued, then closes; every slot still alive stops firing.
        sd_bus_flush_close_unref(pointer)
    }

    // MARK: - The event loop's view

    /// The socket to watch.
    public var descriptor: FileDescriptor { FileDescriptor(rawValue: sd_bus_get_fd(pointer)) }

    /// What to watch `descriptor` for now.
    public var readiness: BusReadiness {
        let events = sd_bus_get_events(pointer)
        return events < 0 ? [] : BusReadiness(rawValue: UInt32(events))
    }

    /// When `process()` must run even if the descriptor stays quiet: `CLOCK_MONOTONIC`
    /// microseconds (0 means now), nil when nothing is due.
    public var nextDeadline: Int64? {
        var usec: UInt64 = 0
        guard sd_bus_get_timeout(pointer, &usec) >= 0, usec != UInt64.max else { return nil }
        return Int64(clamping: usec)
    }

    /// Does one step of work: reads, writes, dispatches one incoming message to its handler, or
    /// times out a call. Returns true when it did something (call it again), false when there is
    /// nothing to do until the descriptor or the deadline fires. Throws when the connection is
    /// broken (`ECONNRESET`, `ENOTCONN`): the bus went away.
    @discardableResult
    public func process() throws(BusError) -> Bool {
        try BusCall.check(sd_bus_process(pointer, nil), "processing the bus connection") > 0
    }

    /// Runs `process()` until there is nothing left to do.
    public func processAll() throws(BusError) {
        while try process() {}
    }

    /// Writes every queued message, blocking until done (for shutdown).
    public func flush() throws(BusError) {
        try BusCall.check(sd_bus_flush(pointer), "flushing the bus connection")
    }

    /// Closes the connection now; the bus releases its names and matches.
    public func close() {
        sd_bus_close(pointer)
    }

    // MARK: - Facts

    /// Whether the connection is open.
    public var isOpen: Bool { sd_bus_is_open(pointer) > 0 }

    /// The connection's unique name (`:1.42`), once the bus has assigned it (this waits for the
    /// bus's answer to `Hello` if it has not come yet).
    public func uniqueName() throws(BusError) -> String {
        var name: UnsafePointer<CChar>?
        try BusCall.check(sd_bus_get_unique_name(pointer, &name), "reading the unique name")
        return name.map { String(cString: $0) } ?? ""
    }

    /// Whether Unix descriptors can travel on this connection (the bus and the peer agreed).
    public var canPassDescriptors: Bool { sd_bus_can_send(pointer, CChar(UInt8(ascii: "h"))) > 0 }
}

extension BusConnection {
    /// A direct connection to one peer over `socket` (no bus daemon), the server side when
    /// `isServer`: for tests of the protocol itself. The connection takes over `socket`.
    static func peer(socket: FileDescriptor, isServer: Bool) throws(BusError) -> BusConnection {
        var bus: OpaquePointer?
        try BusCall.check(sd_bus_new(&bus), "creating a peer connection")
        guard let bus else { throw BusError(errno: .noMemory, operation: "creating a peer connection") }
        let connection = BusConnection(pointer: bus)
        try BusCall.check(sd_bus_set_fd(bus, socket.rawValue, socket.rawValue), "attaching the socket")
        if isServer {
            var id = sd_id128_t()
            try BusCall.check(sd_id128_randomize(&id), "making a server id")
            try BusCall.check(sd_bus_set_server(bus, 1, id), "making the connection a server")
            try BusCall.check(sd_bus_set_anonymous(bus, 1), "allowing anonymous peers")
        }
        try BusCall.check(sd_bus_negotiate_fds(bus, 1), "asking for descriptor passing")
        try BusCall.check(sd_bus_start(bus), "starting the peer connection")
        return connection
    }
}
