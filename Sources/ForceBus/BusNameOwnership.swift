/// The outcome of asking the bus for a well-known name.
public enum BusNameOwnership: Hashable, Sendable {
    /// This connection owns the name now (or already did).
    case owned
    /// Someone else owns it; this connection waits in the queue and becomes the owner when they
    /// leave (only with `.queue`).
    case queued
    /// Someone else owns it and this connection did not get it (nor queue for it).
    case taken
}

/// How to ask for a well-known name (the `DBUS_NAME_FLAG_*` flags).
public struct BusNameOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Let a later owner that asks with `.replaceExisting` take the name away from us.
    public static let allowReplacement = BusNameOptions(rawValue: 1 << 0)
    /// Take the name from its owner if that owner allowed replacement.
    public static let replaceExisting = BusNameOptions(rawValue: 1 << 1)
    /// Wait in line for the name if it is taken.
    public static let queue = BusNameOptions(rawValue: 1 << 2)
}

/// A change of a well-known or unique name's owner on the bus (the bus's `NameOwnerChanged`
/// signal): a service appearing or leaving, a client connecting or disconnecting.
public struct BusNameOwnerChange: Hashable, Sendable {
    /// The name whose owner changed (`org.sigxcpu.Feedback`, or a unique name `:1.42`).
    public var name: String
    /// The unique name of the owner before, nil if there was none.
    public var oldOwner: String?
    /// The unique name of the owner now, nil if there is none.
    public var newOwner: String?

    /// A change (nil: no owner).
    public init(name: String, oldOwner: String?, newOwner: String?) {
        self.name = name
        self.oldOwner = oldOwner
        self.newOwner = newOwner
    }

    /// The name got an owner where it had none.
    public var isAppearance: Bool { oldOwner == nil && newOwner != nil }
    /// The name lost its owner: the service left, or (a unique name) the client disconnected.
    public var isDisappearance: Bool { oldOwner != nil && newOwner == nil }
    /// Whether `name` is a unique connection name (`:1.42`), i.e. a connection came or went.
    public var isUniqueName: Bool { name.hasPrefix(":") }
}
