import ForceBus
import ForceDevices
import ForceSystem

/// Drives a `BusConnection` from an `EventLoop`, like any other descriptor: the connection's
/// socket is watched (for writing too while output is queued), a timer follows its next
/// deadline, and every wake-up processes all it has. A connection that breaks (the bus went
/// away) is reported once through `connectionLost`.
public final class BusLoopBinding {
    /// The connection.
    public let connection: BusConnection
    /// Called once when the connection broke.
    public var connectionLost: ((BusError) -> Void)?

    private let loop: EventLoop
    private var timer: LoopTimer?
    private var watchesWriting = false
    private var isLost = false
    private var isDispatching = false

    /// Starts driving `connection` on `loop`.
    public init(connection: BusConnection, loop: EventLoop) throws {
        self.connection = connection
        self.loop = loop
        timer = loop.makeTimer { [unowned self] in self.dispatch() }
        try loop.watch(connection.descriptor) { [unowned self] in self.dispatch() }
        // Messages may already wait (the bus's Hello reply, early calls).
        dispatch()
    }

    /// Processes everything the connection has now, then follows its readiness and deadline.
    /// Call after sending outside a dispatch, so that queued output is watched for.
    /// Called from inside the connection's own handlers (a reply that emits a signal), it
    /// leaves the work to the dispatch already running.
    public func dispatch() {
        guard !isLost, !isDispatching else { return }
        isDispatching = true
        defer { isDispatching = false }
        do {
            try connection.processAll()
        } catch {
            lose(error)
            return
        }
        rearm()
    }

    /// Stops driving the connection (before closing it).
    public func detach() {
        timer?.cancel()
        loop.unwatch(connection.descriptor)
    }

    private func rearm() {
        let writing = connection.readiness.contains(.writable)
        if writing != watchesWriting {
            watchesWriting = writing
            do {
                try loop.watch(connection.descriptor, writable: writing) { [unowned self] in self.dispatch() }
            } catch {
                lose(.failed("watching the bus connection: \(error)"))
                return
            }
        }
        if let deadline = connection.nextDeadline { timer?.schedule(at: deadline) } else { timer?.cancel() }
    }

    private func lose(_ error: BusError) {
        guard !isLost else { return }
        isLost = true
        detach()
        connectionLost?(error)
    }
}
