import ForceSession
import ForceSystem
import Glibc
import Logging

/// What `forcebridge-view` serves: the broadcast its server hands to clients, and a loop that
/// shows something (a session, live devices, the service's devices) from the first client on.
public protocol ViewHosting: AnyObject {
    /// What the clients read.
    var broadcast: ViewBroadcast { get }
    /// Serves until SIGINT or SIGTERM, starting what is shown when the first client connects.
    func run() throws
}

/// The loop a view serves on: a session runtime that runs until SIGINT or SIGTERM (or `stop()`),
/// and the broadcast whose first client starts what is shown, so nothing is read from a device,
/// replayed or subscribed to before someone watches.
final class ViewLoop {
    let runtime: SessionRuntime
    let broadcast: ViewBroadcast
    private let wakeup: LoopWakeup
    private var started = false
    private var startFailure: (any Error)?

    /// A loop handling SIGINT and SIGTERM. Create it before any other thread: threads created
    /// later leave those signals to it.
    init() throws {
        let runtime = try SessionRuntime()
        runtime.returnsWhenIdle = false
        self.runtime = runtime
        let wakeup = try LoopWakeup()
        self.wakeup = wakeup
        broadcast = ViewBroadcast { wakeup.signal() }
        try runtime.loop.handleSignals([SIGINT, SIGTERM]) { _ in runtime.stop() }
    }

    /// Serves until SIGINT, SIGTERM or `stop()`; calls `start` on the loop once, when the first
    /// client connects. An error `start` throws stops the loop and is thrown from here.
    func run(startingWith start: @escaping () throws -> Void) throws {
        try runtime.loop.watch(wakeup.fileDescriptor) { [unowned self] in
            wakeup.acknowledge()
            guard !started else { return }
            started = true
            // When what is shown starts (a replay's `time` counts from here), for measuring the
            // page's latency (Tests/View/measure-latency.py).
            Logger.view.info("session started", metadata: ["monotonicMicroseconds": "\(MonotonicClock.now())"])
            do {
                try start()
            } catch {
                startFailure = error
                runtime.stop()
            }
        }
        try runtime.run()
        runtime.loop.unwatch(wakeup.fileDescriptor)
        if let startFailure { throw startFailure }
    }

    /// Makes `run` return (from the loop's thread).
    func stop() { runtime.stop() }
}
