import CSystemd

/// A method call being answered: its arguments (read them from `message`), who sent it, and
/// the means to reply.
///
/// A handler replies before it returns, throws a `BusError` (the caller gets that error), or
/// calls `deferReply()` and keeps the call to answer later from the event loop (each call is
/// answered exactly once). A handler of a method without outputs that returns without replying
/// answers with an empty reply.
public final class BusMethodCall {
    /// The call: read the arguments from it in order.
    public let message: BusMessage
    /// Whether the call has been answered (with a reply or an error).
    public private(set) var isAnswered = false
    /// Whether the handler asked to answer later.
    public private(set) var isDeferred = false

    init(message: BusMessage) {
        self.message = message
    }

    /// The unique name of the caller (`:1.42`): the connection whose disconnection ends what it
    /// started.
    public var sender: String? { message.sender }

    /// The method name.
    public var member: String { message.member ?? "" }

    /// Answers with the values `build` appends (nothing for a method without outputs).
    public func reply(_ build: (BusMessage) throws(BusError) -> Void = { _ in }) throws(BusError) {
        try answerOnce()
        var reply: OpaquePointer?
        try BusCall.check(sd_bus_message_new_method_return(message.pointer, &reply), "making the reply to \(member)")
        guard let reply else { throw BusError(errno: .noMemory, operation: "making the reply to \(member)") }
        let wrapped = BusMessage(owning: reply)
        try build(wrapped)
        try BusCall.check(sd_bus_message_send(wrapped.pointer), "sending the reply to \(member)")
    }

    /// Answers with `error` (its name, or sd-bus's name for its errno).
    public func fail(with error: BusError) throws(BusError) {
        try answerOnce()
        var value = fb_bus_error_null()
        defer { sd_bus_error_free(&value) }
        let code = BusCall.report(error, into: &value)
        let result = sd_bus_error_is_set(&value) != 0
            ? sd_bus_reply_method_error(message.pointer, &value)
            : sd_bus_reply_method_errno(message.pointer, -code, nil)
        try BusCall.check(result, "sending the error reply to \(member)")
    }

    /// Keeps the call open beyond the handler: answer it later with `reply` or `fail`.
    public func deferReply() {
        isDeferred = true
    }

    private func answerOnce() throws(BusError) {
        guard !isAnswered else { throw BusError(errno: .alreadyInProcess, operation: "answering \(member) a second time") }
        isAnswered = true
    }
}
