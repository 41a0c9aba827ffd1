import Glibc
import SystemPackage

/// A D-Bus failure: an error reply with its name and message (`org.freedesktop.DBus.Error.ServiceUnknown:
/// The name org.example was not provided by any .service files`), or a failure of sd-bus itself,
/// which carries only an `Errno`.
///
/// Method handlers throw these to answer a call with an error reply; the name travels to the
/// caller as it is, so services define their own names (`org.example.Error.NotFound`) next to the
/// standard ones below.
public struct BusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The D-Bus error name, when there is one.
    public var name: String?
    /// What went wrong, for people.
    public var message: String
    /// The system error behind it (sd-bus's negative return value, or what the name maps to).
    public var errno: Errno

    /// An error reply named `name`.
    public init(name: String, message: String, errno: Errno = .ioError) {
        self.name = name
        self.message = message
        self.errno = errno
    }

    /// A failure of sd-bus or the system, without a D-Bus name; `operation` says what was being
    /// done. `ELIBACC` is what CSystemd's calls return when libsystemd cannot be loaded: the
    /// message says which package brings it.
    public init(errno: Errno, operation: String) {
        self.name = nil
        self.message = errno.rawValue == ELIBACC
            ? "\(operation): libsystemd.so.0 could not be loaded (D-Bus needs it: install Debian's libsystemd0)"
            : "\(operation): \(errno.description)"
        self.errno = errno
    }

    /// `name: message`, or the message alone.
    public var description: String {
        guard let name else { return message }
        return "\(name): \(message)"
    }

    /// Errors with a name are equal when their names and messages are (the errno a receiver
    /// derives from a name may differ from the sender's); the others by errno and message.
    public static func == (lhs: BusError, rhs: BusError) -> Bool {
        lhs.name == rhs.name && lhs.message == rhs.message && (lhs.name != nil || lhs.errno == rhs.errno)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(message)
    }

    /// Whether this is the error named `name`.
    public func isNamed(_ name: String) -> Bool { self.name == name }
}

extension BusError {
    /// `org.freedesktop.DBus.Error.Failed`: a generic failure.
    public static func failed(_ message: String) -> BusError {
        BusError(name: Names.failed, message: message)
    }

    /// `org.freedesktop.DBus.Error.InvalidArgs`: the arguments were wrong.
    public static func invalidArguments(_ message: String) -> BusError {
        BusError(name: Names.invalidArguments, message: message, errno: .invalidArgument)
    }

    /// `org.freedesktop.DBus.Error.AccessDenied`.
    public static func accessDenied(_ message: String) -> BusError {
        BusError(name: Names.accessDenied, message: message, errno: .permissionDenied)
    }

    /// `org.freedesktop.DBus.Error.LimitsExceeded`: a rate or resource limit was hit.
    public static func limitsExceeded(_ message: String) -> BusError {
        BusError(name: Names.limitsExceeded, message: message, errno: .resourceTemporarilyUnavailable)
    }

    /// `org.freedesktop.DBus.Error.NotSupported`.
    public static func notSupported(_ message: String) -> BusError {
        BusError(name: Names.notSupported, message: message, errno: .notSupported)
    }

    /// The standard error names of the D-Bus specification that ForceBus uses.
    public enum Names {
        /// A generic failure.
        public static let failed = "org.freedesktop.DBus.Error.Failed"
        /// Wrong arguments.
        public static let invalidArguments = "org.freedesktop.DBus.Error.InvalidArgs"
        /// Not allowed.
        public static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
        /// A rate or resource limit.
        public static let limitsExceeded = "org.freedesktop.DBus.Error.LimitsExceeded"
        /// Not supported.
        public static let notSupported = "org.freedesktop.DBus.Error.NotSupported"
        /// `GetNameOwner` of a name nobody owns.
        public static let nameHasNoOwner = "org.freedesktop.DBus.Error.NameHasNoOwner"
        /// A call to a name nobody owns and no service file provides.
        public static let serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
        /// No such method on the object.
        public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
        /// No answer in time.
        public static let noReply = "org.freedesktop.DBus.Error.NoReply"
    }
}
