/// An input event type (`EV_*` in `linux/input-event-codes.h`).
public struct EventType: RawRepresentable, Hashable, Sendable, Comparable {
    /// The kernel's numeric type.
    public var rawValue: UInt16

    /// Creates a type from its kernel number.
    @inlinable
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Creates a type from its kernel number.
    @inlinable
    public init(_ rawValue: UInt16) { self.rawValue = rawValue }

    /// `EV_SYN`: frame markers.
    public static let syn = EventType(0x00)
    /// `EV_KEY`: keys and buttons.
    public static let key = EventType(0x01)
    /// `EV_REL`: relative axes.
    public static let rel = EventType(0x02)
    /// `EV_ABS`: absolute axes.
    public static let abs = EventType(0x03)
    /// `EV_MSC`: miscellaneous.
    public static let msc = EventType(0x04)
    /// `EV_SW`: switches.
    public static let sw = EventType(0x05)
    /// `EV_LED`: LEDs.
    public static let led = EventType(0x11)
    /// `EV_SND`: sounds.
    public static let snd = EventType(0x12)
    /// `EV_REP`: autorepeat.
    public static let rep = EventType(0x14)
    /// `EV_FF`: force feedback.
    public static let ff = EventType(0x15)
    /// `EV_PWR`: power.
    public static let pwr = EventType(0x16)
    /// `EV_FF_STATUS`: force-feedback status.
    public static let ffStatus = EventType(0x17)

    /// `EV_MAX`.
    public static let maximum: UInt16 = 0x1f

    /// The highest code of this type (`*_MAX`), or 0 for unknown types.
    public var maximumCode: EventCode {
        switch self {
        case .syn: return 0x0f
        case .key: return 0x2ff
        case .rel: return 0x0f
        case .abs: return 0x3f
        case .msc: return 0x07
        case .sw: return 0x11
        case .led: return 0x0f
        case .snd: return 0x07
        case .rep: return 0x01
        case .ff: return 0x7f
        case .pwr: return 0
        case .ffStatus: return 0x01
        default: return 0
        }
    }

    /// The kernel name (`EV_ABS`), or `EV_0x..` for unknown types.
    public var name: String { EventCodeNames.typeName(self) }

    public static func < (lhs: EventType, rhs: EventType) -> Bool { lhs.rawValue < rhs.rawValue }
}
