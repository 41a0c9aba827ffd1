import ForceBus
import ForceService
import Testing

/// The test's client of feedbackd's interface on a `ServiceHarness`: `TriggerFeedback` and
/// `EndFeedback` calls, and the `FeedbackEnded` signals it hears, in the order it heard them
/// with the answers (`heard`: `reply ID`, `ended ID REASON`).
final class FeedbackClient {
    private let harness: ServiceHarness
    /// The answers and signals, in order.
    private(set) var heard: [String] = []
    /// The reason each feedback ended with, by id.
    private(set) var ended: [UInt32: UInt32] = [:]
    private var match: BusSlot?

    init(_ harness: ServiceHarness) throws {
        self.harness = harness
        match = try harness.client.addMatch("type='signal',interface='\(ServiceNames.feedbackName)',member='FeedbackEnded'") { [unowned self] signal in
            guard let id = try? signal.read(UInt32.self), let reason = try? signal.read(UInt32.self) else { return }
            ended[id] = reason
            heard.append("ended \(id) \(reason)")
        }
    }

    /// Calls `TriggerFeedback(app_id, event, hints, timeout)` and returns the id.
    func trigger(_ event: String, hints: [String: BusValue] = [:], timeout: Int32 = -1) throws -> UInt32 {
        let message = try harness.client.methodCall(destination: ServiceNames.feedbackName, path: ServiceNames.feedbackPath,
                                                     interface: ServiceNames.feedbackName, member: "TriggerFeedback")
        try message.append("org.forcebridge.Test")
        try message.append(event)
        try message.append(hints)
        try message.append(timeout)
        var result: Result<UInt32, BusError>?
        try harness.client.callAsync(message) { [unowned self] reply in
            result = reply.flatMap { message in Result { () throws(BusError) in try message.read(UInt32.self) } }
            if case .success(let id) = result { heard.append("reply \(id)") }
        }
        try #require(harness.pump { result != nil }, "no answer to TriggerFeedback(\(event))")
        return try #require(result).get()
    }

    /// Calls `EndFeedback(id)`.
    func end(_ id: UInt32) throws {
        _ = try harness.call("EndFeedback", destination: ServiceNames.feedbackName, path: ServiceNames.feedbackPath,
                             interface: ServiceNames.feedbackName) { message throws(BusError) in try message.append(id) }.get()
    }

    /// Waits for `FeedbackEnded(id, …)` and returns its reason (nil when it did not come).
    func waitForEnd(of id: UInt32, seconds: Double = ServiceHarness.patience) -> UInt32? {
        harness.pump(seconds: seconds) { ended[id] != nil }
        return ended[id]
    }
}
