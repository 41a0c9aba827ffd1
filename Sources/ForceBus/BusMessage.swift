import CSystemd
import SystemPackage

/// One D-Bus message — a method call, its reply or error, or a signal — read from the start or
/// written to the end, one value at a time (see `read`/`append` and `BusArgument`).
///
/// A message keeps a reference on sd-bus's message for as long as it lives, so a method call can
/// be kept and answered later. It belongs to the thread of its connection.
public final class BusMessage {
    let pointer: OpaquePointer

    /// Takes over a reference the caller owns.
    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Adds a reference of its own to a message sd-bus lends to a callback.
    init(borrowing pointer: OpaquePointer) {
        self.pointer = sd_bus_message_ref(pointer)
    }

    deinit { sd_bus_message_unref(pointer) }

    /// What kind of message this is.
    public enum Kind: Hashable, Sendable {
        case methodCall, methodReturn, methodError, signal
    }

    /// The kind of message.
    public var kind: Kind {
        var type: UInt8 = 0
        _ = sd_bus_message_get_type(pointer, &type)
        // The message types of the D-Bus specification: 1 call, 2 return, 3 error, 4 signal.
        switch type {
        case 1: return .methodCall
        case 2: return .methodReturn
        case 3: return .methodError
        default: return .signal
        }
    }

    /// The unique name of the connection that sent it (`:1.42`), when the bus says.
    public var sender: String? { sd_bus_message_get_sender(pointer).map { String(cString: $0) } }
    /// The name it was sent to, if any.
    public var destination: String? { sd_bus_message_get_destination(pointer).map { String(cString: $0) } }
    /// The object path of a call or signal.
    public var path: String? { sd_bus_message_get_path(pointer).map { String(cString: $0) } }
    /// The interface of a call or signal.
    public var interface: String? { sd_bus_message_get_interface(pointer).map { String(cString: $0) } }
    /// The method or signal name.
    public var member: String? { sd_bus_message_get_member(pointer).map { String(cString: $0) } }
    /// The signature of the whole body (`sa{sv}i`).
    public var signature: String { sd_bus_message_get_signature(pointer, 1).map { String(cString: $0) } ?? "" }

    /// The error an error reply carries (nil for other messages).
    public var error: BusError? {
        guard let error = sd_bus_message_get_error(pointer), let name = error.pointee.name else { return nil }
        return BusError(name: String(cString: name), message: error.pointee.message.map { String(cString: $0) } ?? "",
                        errno: Errno(rawValue: max(1, sd_bus_message_get_errno(pointer))))
    }

    /// Whether every value of the body (or of the container being read) has been read.
    public var isAtEnd: Bool { sd_bus_message_at_end(pointer, 0) > 0 }

    /// Goes back to the first value of the body.
    public func rewind() throws(BusError) {
        try BusCall.check(sd_bus_message_rewind(pointer, 1), "rewinding a message")
    }

    /// Sets where a signal goes: to one connection instead of every subscriber.
    public func setDestination(_ destination: String) throws(BusError) {
        try BusCall.check(sd_bus_message_set_destination(pointer, destination), "setting the destination \(destination)")
    }

    /// Marks a method call as not wanting an answer (the callee then sends none).
    public func setExpectsReply(_ expectsReply: Bool) throws(BusError) {
        try BusCall.check(sd_bus_message_set_expect_reply(pointer, expectsReply ? 1 : 0), "setting expect-reply")
    }
}

extension BusMessage {
    /// Closes the message for writing so that it can be read back from the start (tests).
    func seal() throws(BusError) {
        try BusCall.check(sd_bus_message_seal(pointer, 1, 0), "sealing a message")
        try rewind()
    }
}
