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
