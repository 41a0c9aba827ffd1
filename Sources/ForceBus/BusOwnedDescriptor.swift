import CSystemd
import Glibc
import SystemPackage

/// A Unix descriptor (`h`) that this side owns and closes when the value goes away: what a
/// method returns to hand a descriptor over to its caller (the reply carries its own copy, and
/// the service keeps nothing), or what a client reads to keep a received descriptor beyond its
/// message.
public final class BusOwnedDescriptor: BusArgument {
    /// The descriptor, valid while this value lives.
    public let descriptor: FileDescriptor

    /// Takes over `descriptor`: it is closed with this value.
    public init(taking descriptor: FileDescriptor) {
        self.descriptor = descriptor
    }

    /// A copy of `descriptor` (close-on-exec), owned by this value; `descriptor` stays the caller's.
    public convenience init(duplicating descriptor: FileDescriptor) throws(BusError) {
        let copy = fb_duplicate_descriptor(descriptor.rawValue)
        guard copy >= 0 else { throw BusError(errno: Errno(rawValue: errno), operation: "duplicating a descriptor") }
        self.init(taking: FileDescriptor(rawValue: copy))
    }

    deinit { try? descriptor.close() }

    public static var busSignature: String { "h" }

    /// Reads a descriptor and keeps a copy of it.
    public static func read(from message: BusMessage) throws(BusError) -> BusOwnedDescriptor {
        try BusOwnedDescriptor(duplicating: message.read(FileDescriptor.self))
    }

    public func append(to message: BusMessage) throws(BusError) {
        try descriptor.append(to: message)
    }
}
