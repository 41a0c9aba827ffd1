import ForceCore
import ForceDevices
import ForceSystem
import ForceSession

/// Runs one session for the view: its lines go to every WebSocket client through a
/// `ViewBroadcast`. The session starts when the first client connects, so nothing is read from
/// a device, or replayed, before someone watches; the host then serves until SIGINT or SIGTERM.
///
/// ```swift
/// let host = try ViewHost(session: Session(source: source))
/// let server = try ViewServer(broadcast: host.broadcast)
/// print(try server.start().pageURL())
/// try host.run()
/// ```
public final class ViewHost: ViewHosting {
    /// What the clients read.
    public var broadcast: ViewBroadcast { viewLoop.broadcast }
    /// The session shown.
    public let session: Session
    private let viewLoop: ViewLoop
    private var runtime: SessionRuntime { viewLoop.runtime }

    /// A host for `session`. Refuses a device that is not a touch, tablet or haptic device
    /// (keyboards and mice are never shown). Create it before any other thread: it takes over
    /// SIGINT and SIGTERM, which threads created later leave to it.
    public init(session: Session) throws {
        let device = session.pipeline.device
        guard device.classification.isForceBridgeDevice else {
            throw ViewRefusedDevice(name: device.name, kind: device.classification.kindName)
        }
        self.session = session
        viewLoop = try ViewLoop()
        ViewFactsSink.show(session, on: viewLoop.broadcast)
    }

    /// Serves until SIGINT or SIGTERM (or `stop()`), starting the session when the first client
    /// connects. Throws when the session's source cannot start.
    public func run() throws {
        try viewLoop.run { [unowned self] in try runtime.start(session) }
    }

    /// The runtime's loop, which times what a page plays (its motor's patterns).
    public var loop: EventLoop { runtime.loop }

    /// Makes `run()` return (from the loop's thread).
    public func stop() { viewLoop.stop() }
}

/// The view does not show this device.
public struct ViewRefusedDevice: Error, CustomStringConvertible {
    /// The device's name.
    public var name: String
    /// What it is (`keyboard`, `mouse`, …).
    public var kind: String

    /// The refusal of the device `name`, which is a `kind`.
    public init(name: String, kind: String) {
        self.name = name
        self.kind = kind
    }

    public var description: String {
        "\"\(name)\" is a \(kind), not a touch, tablet or haptic device; the view never shows keyboards or mice "
            + "(a page of their events would show what is typed)"
    }
}
