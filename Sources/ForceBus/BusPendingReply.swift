/// The answer a `BusMember.deferredMethod` owes its caller: results of the types the method
/// declares, or an error, sent once, whenever the service is ready.
public final class BusPendingReply<each Output: BusArgument> {
    private let call: BusMethodCall

    init(_ call: BusMethodCall) {
        self.call = call
    }

    /// The unique name of the caller (`:1.42`).
    public var sender: String? { call.sender }

    /// Whether the call has been answered.
    public var isAnswered: Bool { call.isAnswered }

    /// Answers with `results`.
    public func reply(_ results: repeat each Output) throws(BusError) {
        try call.reply { message throws(BusError) in
            for result in repeat each results { try result.append(to: message) }
        }
    }

    /// Answers with `error`.
    public func fail(with error: BusError) throws(BusError) {
        try call.fail(with: error)
    }
}
