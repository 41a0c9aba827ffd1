/// An interface an object exports: its methods (with the Swift code answering them), signals
/// and properties. `BusConnection.export(_:at:)` turns it into an sd-bus vtable, from which the
/// bus also answers `Introspect`, `Get`, `GetAll` and `Set`.
///
/// ```swift
/// let interface = BusInterface("org.example.Counter", members: [
///     .method("Add", inputs: [.init("amount", "u")], outputs: [.init("total", "u")]) { call in
///         total += try call.message.read(UInt32.self)
///         try call.reply { try $0.append(total) }
///     },
///     .signal("Reset", arguments: [.init("reason", "s")]),
///     .property("Total", "u") { try $0.append(total) },
/// ])
/// ```
public struct BusInterface {
    /// The interface name (`org.sigxcpu.Feedback`).
    public var name: String
    /// Its members, in introspection order.
    public var members: [BusMember]

    /// An interface named `name` with `members`.
    public init(_ name: String, members: [BusMember]) {
        self.name = name
        self.members = members
    }
}

/// A named, typed argument of a method or signal (`id`, `u`).
public struct BusParameter: Hashable, Sendable {
    /// The name introspection shows.
    public var name: String
    /// A single complete type (`s`, `a{sv}`).
    public var signature: String

    /// A parameter called `name` of type `signature`.
    public init(_ name: String, _ signature: String) {
        self.name = name
        self.signature = signature
    }
}

/// What answers a method call. Throwing a `BusError` answers with that error, unless the handler
/// already replied.
public typealias BusMethodHandler = (BusMethodCall) throws(BusError) -> Void
/// Appends a property's current value (of the property's signature) to the message.
public typealias BusPropertyGetter = (BusMessage) throws(BusError) -> Void
/// Reads a property's new value from the message and applies it.
public typealias BusPropertySetter = (BusMessage) throws(BusError) -> Void

/// Flags of a member (`SD_BUS_VTABLE_*`).
public struct BusMemberFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Marked deprecated in introspection.
    public static let deprecated = BusMemberFlags(rawValue: 1 << 0)
    /// Left out of introspection.
    public static let hidden = BusMemberFlags(rawValue: 1 << 1)
    /// Callable by peers of other users (sd-bus otherwise checks privileges where it can).
    public static let unprivileged = BusMemberFlags(rawValue: 1 << 2)
    /// A method that never replies.
    public static let noReply = BusMemberFlags(rawValue: 1 << 3)
    /// A property whose value never changes.
    public static let constant = BusMemberFlags(rawValue: 1 << 4)
    /// A property that announces changes with its value (`emitPropertiesChanged`).
    public static let emitsChange = BusMemberFlags(rawValue: 1 << 5)
    /// A property that announces changes without its value.
    public static let emitsInvalidation = BusMemberFlags(rawValue: 1 << 6)
    /// Arguments or value kept out of sd-bus's debug logs.
    public static let sensitive = BusMemberFlags(rawValue: 1 << 7)
}

/// One member of a `BusInterface`.
public enum BusMember {
    case method(name: String, inputs: [BusParameter], outputs: [BusParameter], flags: BusMemberFlags, handler: BusMethodHandler)
    case signal(name: String, arguments: [BusParameter], flags: BusMemberFlags)
    case property(name: String, signature: String, flags: BusMemberFlags, get: BusPropertyGetter, set: BusPropertySetter?)

    /// A method answered by `handler`.
    public static func method(_ name: String, inputs: [BusParameter] = [], outputs: [BusParameter] = [],
                              flags: BusMemberFlags = [], _ handler: @escaping BusMethodHandler) -> BusMember {
        .method(name: name, inputs: inputs, outputs: outputs, flags: flags, handler: handler)
    }

    /// A signal the object emits (`BusConnection.emitSignal`).
    public static func signal(_ name: String, arguments: [BusParameter] = [], flags: BusMemberFlags = []) -> BusMember {
        .signal(name: name, arguments: arguments, flags: flags)
    }

    /// A property read with `get` and, when `set` is given, writable.
    public static func property(_ name: String, _ signature: String, flags: BusMemberFlags = [],
                                set: BusPropertySetter? = nil, get: @escaping BusPropertyGetter) -> BusMember {
        .property(name: name, signature: signature, flags: flags, get: get, set: set)
    }

    /// The member's name.
    public var name: String {
        switch self {
        case .method(let name, _, _, _, _), .signal(let name, _, _), .property(let name, _, _, _, _): return name
        }
    }
}
