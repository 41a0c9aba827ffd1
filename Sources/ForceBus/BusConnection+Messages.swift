import CSystemd
import Glibc

/// Method calls (waiting for the answer, or answered later inside `process()`), signals, and
/// matches on what others send.
extension BusConnection {
    /// A method call to fill with arguments and send with `call` or `callAsync`.
    public func methodCall(destination: String?, path: String, interface: String?, member: String) throws(BusError) -> BusMessage {
        var message: OpaquePointer?
        try BusCall.check(sd_bus_message_new_method_call(pointer, &message, destination, path, interface, member),
                          "making a call of \(interface.map { $0 + "." } ?? "")\(member) on \(destination ?? "?") \(path)")
        guard let message else { throw BusError(errno: .noMemory, operation: "making a method call") }
        return BusMessage(owning: message)
    }

    /// Sends `message` and waits for its answer, blocking (outside any event loop: start-up,
    /// tools, tests); error replies are thrown. `timeout` nil is sd-bus's default (25 s).
    public func call(_ message: BusMessage, timeout: Duration? = nil) throws(BusError) -> BusMessage {
        var error = fb_bus_error_null()
        var reply: OpaquePointer?
        let result = sd_bus_call(pointer, message.pointer, Self.microseconds(timeout), &error, &reply)
        if let failure = BusCall.take(&error, result: result) { throw failure }
        try BusCall.check(result, "calling \(message.interface.map { $0 + "." } ?? "")\(message.member ?? "?")")
        guard let reply else { throw BusError(errno: .noMessage, operation: "calling \(message.member ?? "?")") }
        return BusMessage(owning: reply)
    }

    /// Sends `message` and returns at once; `completion` runs inside a later `process()` with the
    /// answer, or the error reply (a timeout is `org.freedesktop.DBus.Error.NoReply`). Nothing
    /// needs to be kept: the call lives until it completes or the connection closes.
    public func callAsync(_ message: BusMessage, timeout: Duration? = nil,
                          completion: @escaping (Result<BusMessage, BusError>) -> Void) throws(BusError) {
        let box = BusMessageHandlerBox { reply in
            if let error = reply.error { completion(.failure(error)) } else { completion(.success(reply)) }
        }
        let slot = try BusCallbackBox.register(box, "calling \(message.member ?? "?")") { userdata, slot in
            sd_bus_call_async(pointer, &slot, message.pointer, BusMessageHandlerBox.callback, userdata, Self.microseconds(timeout))
        }
        // The bus keeps the slot until the answer has been handled.
        _ = sd_bus_slot_set_floating(slot, 1)
        sd_bus_slot_unref(slot)
    }

    /// Sends `message` (a signal, a reply) without waiting for anything.
    public func send(_ message: BusMessage) throws(BusError) {
        try BusCall.check(sd_bus_send(pointer, message.pointer, nil), "sending \(message.member ?? "a message")")
    }

    /// A signal to fill with arguments and `send`.
    public func signal(path: String, interface: String, member: String) throws(BusError) -> BusMessage {
        var message: OpaquePointer?
        try BusCall.check(sd_bus_message_new_signal(pointer, &message, path, interface, member),
                          "making the signal \(interface).\(member) on \(path)")
        guard let message else { throw BusError(errno: .noMemory, operation: "making a signal") }
        return BusMessage(owning: message)
    }

    /// Emits the signal `interface.member` from `path` with the arguments `build` appends; to
    /// one connection only when `destination` is given.
    public func emitSignal(path: String, interface: String, member: String, destination: String? = nil,
                           _ build: (BusMessage) throws(BusError) -> Void = { _ in }) throws(BusError) {
        let message = try signal(path: path, interface: interface, member: member)
        if let destination { try message.setDestination(destination) }
        try build(message)
        try send(message)
    }

    /// Emits `org.freedesktop.DBus.Properties.PropertiesChanged` for `names` of an exported
    /// interface (their getters are asked for the new values).
    public func emitPropertiesChanged(path: String, interface: String, names: [String]) throws(BusError) {
        var strings = names.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        strings.append(nil)
        let result = strings.withUnsafeMutableBufferPointer { buffer in
            sd_bus_emit_properties_changed_strv(pointer, path, interface, buffer.baseAddress)
        }
        try BusCall.check(result, "emitting PropertiesChanged for \(names.joined(separator: ", "))")
    }

    /// Calls `handler` with every message matching `rule` (D-Bus match rule syntax:
    /// `type='signal',interface='org.example',member='Changed'`) while the slot lives. Adding the
    /// match waits for the bus's answer.
    public func addMatch(_ rule: String, _ handler: @escaping (BusMessage) -> Void) throws(BusError) -> BusSlot {
        let box = BusMessageHandlerBox(handler)
        let slot = try BusCallbackBox.register(box, "adding the match \(rule)") { userdata, slot in
            sd_bus_add_match(pointer, &slot, rule, BusMessageHandlerBox.callback, userdata)
        }
        return BusSlot(pointer: slot)
    }

    static func microseconds(_ timeout: Duration?) -> UInt64 {
        guard let timeout else { return 0 }
        let (seconds, attoseconds) = timeout.components
        return UInt64(max(1, seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
    }
}
