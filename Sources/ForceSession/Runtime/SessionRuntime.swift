import ForceCore
import ForceDevices
import ForceSystem
import Logging

/// Hosts sessions on one event loop: any number of sources (recordings, live devices, devices
/// plugged in later), each feeding its pipeline and its sinks, alongside whatever else the
/// program watches on the same loop (signals, standard input, a bus connection, timers).
///
/// ```swift
/// let runtime = try SessionRuntime()
/// let session = Session(source: try LiveDeviceSource(node: "/dev/input/event5"))
/// session.pipeline.attach(JSONLinesSink(output: .standardOutput()))
/// try runtime.start(session)
/// try runtime.run()
/// ```
public final class SessionRuntime {
    /// The loop everything runs on.
    public let loop: EventLoop
    /// The sessions running now, in the order they started.
    public private(set) var sessions: [Session] = []
    /// Whether `run()` returns once no session is left (false to keep waiting, e.g. for devices
    /// to be plugged in).
    public var returnsWhenIdle = true
    /// Called when a session ended, after its sinks heard `.deviceRemoved`.
    public var sessionDidEnd: ((Session) -> Void)?

    private var stopped = false

    /// A runtime on `loop` (a new one by default).
    public init(loop: EventLoop? = nil) throws {
        self.loop = try loop ?? EventLoop()
    }

    /// Starts `session` on the loop. A session whose source fails to start ends at once, and the
    /// error is thrown.
    public func start(_ session: Session) throws {
        sessions.append(session)
        let previous = session.endHandler
        session.endHandler = { [unowned self] ended in
            previous?(ended)
            self.sessions.removeAll { $0 === ended }
            Logger.session.debug("session ended", metadata: ["device": "\(ended.pipeline.device.name)", "end": "\(Self.end(of: ended))"])
            self.sessionDidEnd?(ended)
            if self.sessions.isEmpty && self.returnsWhenIdle { self.loop.stop() }
        }
        Logger.session.debug("session starting", metadata: ["device": "\(session.pipeline.device.name)", "source": "\(type(of: session.source))"])
        try session.start(on: loop)
    }

    /// How `session` ended, for the log.
    private static func end(of session: Session) -> String {
        if case .ended(let end) = session.state { return "\(end)" }
        return "\(session.state)"
    }

    /// Dispatches until `stop()` is called or, when `returnsWhenIdle`, no session is left.
    public func run() throws {
        stopped = false
        while !stopped && !(returnsWhenIdle && sessions.isEmpty) {
            loop.resume()
            try loop.run()
        }
    }

    /// Stops every session (`.stopped`) and makes `run()` return.
    public func stop() {
        stopped = true
        for session in sessions { session.stop() }
        loop.stop()
    }

    /// Makes `run()` return after the current handler, leaving the sessions running (to end
    /// them in an order of the program's choosing).
    public func interrupt() {
        stopped = true
        loop.stop()
    }
}
