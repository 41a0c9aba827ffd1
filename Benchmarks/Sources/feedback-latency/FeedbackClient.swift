import ForceBus
import Glibc
import ServiceBenchSupport

/// A client of `org.sigxcpu.Feedback` on the session bus, driven by a poll loop the way an
/// application's event loop drives it: triggers are asynchronous calls, `FeedbackEnded`
/// signals are collected as they come.
final class FeedbackClient {
    static let name = "org.sigxcpu.Feedback"
    static let path = "/org/sigxcpu/Feedback"

    let bus: BusConnection
    /// `FeedbackEnded` received: id → reason.
    private(set) var ended: [UInt32: UInt32] = [:]
    private var match: BusSlot?

    init() throws(BusError) {
        bus = try BusConnection.session(description: "feedback-latency")
        match = try bus.addMatch("type='signal',interface='\(Self.name)',member='FeedbackEnded'") { [unowned self] signal in
            if let id = try? signal.read(UInt32.self), let reason = try? signal.read(UInt32.self) { ended[id] = reason }
        }
    }

    /// Waits until something owns the name (at most `seconds`).
    func waitForServer(seconds: Double) throws(BusError) -> String? {
        var owner: String?
        let watch = try bus.watchNameOwner(Self.name) { owner = $0.newOwner }
        owner = try bus.nameOwner(of: Self.name)
        try pump(seconds: seconds) { owner != nil }
        _ = watch
        return owner
    }

    /// Sends `TriggerFeedback(app, event, {}, timeout)`; `completion` gets the event id.
    func trigger(_ event: String, timeout: Int32 = -1, completion: @escaping (Result<UInt32, BusError>) -> Void) throws(BusError) {
        let call = try bus.methodCall(destination: Self.name, path: Self.path, interface: Self.name, member: "TriggerFeedback")
        try call.append("org.forcebridge.FeedbackLatency")
        try call.append(event)
        try call.append([String: BusValue]())
        try call.append(timeout)
        try bus.callAsync(call, timeout: .seconds(10)) { result in
            completion(result.flatMap { reply in Result { () throws(BusError) in try reply.read(UInt32.self) } })
        }
    }

    /// Runs the connection until `condition` holds (true) or `seconds` pass (false).
    @discardableResult
    func pump(seconds: Double, until condition: () -> Bool) throws(BusError) -> Bool {
        let end = monotonicSeconds() + seconds
        while true {
            try bus.processAll()
            if condition() { return true }
            guard monotonicSeconds() < end else { return false }
            var descriptor = pollfd(fd: bus.descriptor.rawValue, events: Int16(bus.readiness.rawValue), revents: 0)
            _ = poll(&descriptor, 1, 1)
        }
    }
}
