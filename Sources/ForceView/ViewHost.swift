import ForceCore
import ForceDevices
import ForceSystem
import ForceSession
import Glibc
import Logging

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
public final class ViewHost {
    /// What the clients read.
    public let broadcast: ViewBroadcast
    /// The session shown.
    public let session: Session
    private let runtime: SessionRuntime
    private let wakeup: LoopWakeup
    private var started = false

    /// A host for `session`. Refuses a device that is not a touch, tablet or haptic device
    /// (keyboards and mice are never shown). Create it before any other thread: it takes over
    /// SIGINT and SIGTERM, which threads created later leave to it.
    public init(session: Session) throws {
        let device = session.pipeline.device
        guard device.classification.isForceBridgeDevice else {
            throw ViewRefusedDevice(name: device.name, kind: device.classification.kindName)
        }
        self.session = session
        let runtime = try SessionRuntime()
        runtime.returnsWhenIdle = false
        self.runtime = runtime
        let wakeup = try LoopWakeup()
        self.wakeup = wakeup
        broadcast = ViewBroadcast { wakeup.signal() }
        try runtime.loop.handleSignals([SIGINT, SIGTERM]) { _ in runtime.stop() }
        session.pipeline.attach(ViewFactsSink(broadcast: broadcast))
        session.pipeline.attach(JSONLinesSink(output: TextOutput(broadcast, flushesEachLine: true)))
    }

    /// Serves until SIGINT or SIGTERM (or `stop()`), starting the session when the first client
    /// connects. Throws when the session's source cannot start.
    public func run() throws {
        try runtime.loop.watch(wakeup.fileDescriptor) { [unowned self] in
            wakeup.acknowledge()
            guard !started else { return }
            started = true
            // Once per session: when the replay's clock starts (its lines' `time` counts from
            // here), for measuring the page's latency (Tests/View/measure-latency.py).
            Logger.view.info("session started", metadata: ["monotonicMicroseconds": "\(MonotonicClock.now())"])
            do {
                try runtime.start(session)
            } catch {
                startFailure = error
                runtime.stop()
            }
        }
        try runtime.run()
        runtime.loop.unwatch(wakeup.fileDescriptor)
        if let startFailure { throw startFailure }
    }

    private var startFailure: (any Error)?

    /// Makes `run()` return (from the loop's thread).
    public func stop() { runtime.stop() }
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
