import CSystemd
import Glibc

/// Something registered on a connection — an exported object, a signal match, a name watch —
/// that stays registered while this value lives. Drop it (or call `cancel()`) to remove it.
public final class BusSlot {
    private var pointer: OpaquePointer?

    /// Takes over the caller's reference to `pointer`.
    init(pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { cancel() }

    /// Removes the registration now.
    public func cancel() {
        guard let pointer else { return }
        self.pointer = nil
        sd_bus_slot_unref(pointer)
    }
}

/// How Swift objects travel through sd-bus's `void *userdata`: retained when handed over and
/// released by the slot's destroy callback, which sd-bus calls once it has stopped using the slot
/// (and the memory the object owns, such as an exported object's vtable).
enum BusCallbackBox {
    /// Registers a callback whose userdata is `box`: `body` makes the slot (returning sd-bus's
    /// result); the slot returned, owned by the caller, releases `box` when it is destroyed.
    static func register(_ box: AnyObject, _ operation: @autoclosure () -> String,
                         _ body: (UnsafeMutableRawPointer, inout OpaquePointer?) -> Int32) throws(BusError) -> OpaquePointer {
        try make(box, operation(), body) { sd_bus_slot_set_destroy_callback($0, releaseBox) }
    }

    /// Makes a peer track whose userdata is `box` (`body` makes it, returning sd-bus's result);
    /// the track returned, owned by the caller, releases `box` when it is freed.
    static func register(track box: AnyObject, _ operation: @autoclosure () -> String,
                         _ body: (UnsafeMutableRawPointer, inout OpaquePointer?) -> Int32) throws(BusError) -> OpaquePointer {
        try make(box, operation(), body) { sd_bus_track_set_destroy_callback($0, releaseBox) }
    }

    /// Hands `box` over as userdata to what `body` makes, and has `setDestroyCallback` make
    /// that release it when it is freed; releases it at once when `body` fails.
    private static func make(_ box: AnyObject, _ operation: @autoclosure () -> String,
                             _ body: (UnsafeMutableRawPointer, inout OpaquePointer?) -> Int32,
                             setDestroyCallback: (OpaquePointer) -> Int32) throws(BusError) -> OpaquePointer {
        let userdata = Unmanaged.passRetained(box).toOpaque()
        var made: OpaquePointer?
        let result = body(userdata, &made)
        guard result >= 0, let made else {
            Unmanaged<AnyObject>.fromOpaque(userdata).release()
            try BusCall.check(result < 0 ? result : -EINVAL, operation())
            throw BusError(errno: .invalidArgument, operation: operation())
        }
        _ = setDestroyCallback(made)
        return made
    }

    /// The destroy callback: releases the box behind the userdata.
    private static let releaseBox: sd_bus_destroy_t = { userdata in
        if let userdata { Unmanaged<AnyObject>.fromOpaque(userdata).release() }
    }

    /// The object behind a callback's userdata, without taking ownership.
    static func object<T: AnyObject>(_ userdata: UnsafeMutableRawPointer?, as type: T.Type) -> T? {
        userdata.map { Unmanaged<T>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// A closure called with each message a match or a call completion receives.
final class BusMessageHandlerBox {
    let handler: (BusMessage) -> Void
    init(_ handler: @escaping (BusMessage) -> Void) { self.handler = handler }

    /// The sd-bus callback: passes the message on; never fails (a match has nobody to tell).
    static let callback: sd_bus_message_handler_t = { message, userdata, _ in
        guard let message, let box = BusCallbackBox.object(userdata, as: BusMessageHandlerBox.self) else { return 0 }
        box.handler(BusMessage(borrowing: message))
        return 0
    }
}
