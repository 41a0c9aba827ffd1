/// An input event code: which key, axis or marker an event of some type is about (`ABS_*`, `BTN_*`,
/// `SYN_*`, ... in `linux/input-event-codes.h`).
///
/// A code is the kernel's 16-bit number, kept in a one-field struct so that it cannot be mixed up
/// with values, types or device ids and costs nothing more than the number on the hot path. Named
/// codes live in `SynCode`, `AbsCode`, `KeyCode`, `RelCode`, `MscCode` and `FFCode`; integer literals
/// are codes too (`let code: EventCode = 0x35`).
///
/// A code has no name of its own: `0x35` is `ABS_MT_POSITION_X` under `EV_ABS` but `KEY_SLASH` under
/// `EV_KEY`. Ask `EventCodeNames.name(type:code:)` (or an event's `description`) for names; a code
/// describes itself as its decimal number, the way evtest and evemu headers print it.
public struct EventCode: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral {
    /// The kernel's number (`struct input_event`'s `code`).
    public var rawValue: UInt16

    /// Creates a code from its kernel number.
    @inlinable
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Creates a code from its kernel number.
    @inlinable
    public init(_ rawValue: UInt16) { self.rawValue = rawValue }

    /// Creates a code from an integer literal (`0x35`).
    @inlinable
    public init(integerLiteral value: UInt16) { self.rawValue = value }

    @inlinable
    public static func == (lhs: EventCode, rhs: EventCode) -> Bool { lhs.rawValue == rhs.rawValue }

    @inlinable
    public static func < (lhs: EventCode, rhs: EventCode) -> Bool { lhs.rawValue < rhs.rawValue }

    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

extension EventCode: CustomStringConvertible {
    /// The decimal number (`53`); the name needs the type, see `EventCodeNames.name(type:code:)`.
    public var description: String { String(rawValue) }
}
