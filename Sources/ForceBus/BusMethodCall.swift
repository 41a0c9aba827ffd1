import CSystemd

/// A method call being answered: who sent it and which method it is. Its arguments reach the
/// handler already read, as the types the method declares (`BusMember.method`); the answer is
/// what the handler returns (or throws), or what a `BusPendingReply` sends later.
public final class BusMethodCall {
    /// The call, its arguments read by the member's declaration.
    let message: BusMessage
    /// Whether the call has been answered (with a reply or an error).
    private(set) var isAnswered = false
    /// Whether the answer comes later, through a `BusPendingReply`.
    private(set) var isDeferred = false
    /// What runs once the reply has been sent.
    private var followUps: [() -> Void] = []

    init(message: BusMessage) {
        self.message = message
    }

    /// The unique name of the caller (`:1.42`): the connection whose disconnection ends what it
    /// started.
    public var sender: String? { message.sender }

    /// The method name.
    public var member: String { message.member ?? "" }

    /// Runs `action` right after the reply is sent (nothing when the call fails): for what the
    /// caller must hear after the answer, such as a signal about the thing the answer names.
    public func afterReply(_ action: @escaping () -> Void) {
        followUps.append(action)
    }

    /// The arguments, read as `types` (what the method declares), in order.
    func arguments<each Value: BusArgument>(_ types: repeat (each Value).Type) throws(BusError) -> (repeat each Value) {
        (repeat try (each Value).read(from: message))
    }

    /// Answers with the values `build` appends (nothing for a method without outputs).
    func reply(_ build: (BusMessage) throws(BusError) -> Void = { _ in }) throws(BusError) {
        try answerOnce()
        var reply: OpaquePointer?
        try BusCall.check(sd_bus_message_new_method_return(message.pointer, &reply), "making the reply to \(member)")
        guard let reply else { throw BusError(errno: .noMemory, operation: "making the reply to \(member)") }
        let wrapped = BusMessage(owning: reply)
        try build(wrapped)
        try BusCall.check(sd_bus_message_send(wrapped.pointer), "sending the reply to \(member)")
        let actions = followUps
        followUps.removeAll()
        for action in actions { action() }
    }

    /// Answers with `error` (its name, or sd-bus's name for its errno).
    func fail(with error: BusError) throws(BusError) {
        try answerOnce()
        var value = fb_bus_error_null()
        defer { sd_bus_error_free(&value) }
        let code = BusCall.report(error, into: &value)
        let result = sd_bus_error_is_set(&value) != 0
            ? sd_bus_reply_method_error(message.pointer, &value)
            : sd_bus_reply_method_errno(message.pointer, -code, nil)
        try BusCall.check(result, "sending the error reply to \(member)")
    }

    /// Keeps the call open beyond the handler, to be answered later.
    func deferReply() {
        isDeferred = true
    }

    private func answerOnce() throws(BusError) {
        guard !isAnswered else { throw BusError(errno: .alreadyInProcess, operation: "answering \(member) a second time") }
        isAnswered = true
    }
}
