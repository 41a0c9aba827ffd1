/// What a `KernelBitmask` holds: a kernel number that doubles as a bit position.
public protocol KernelBitmaskElement: Comparable {
    /// Creates the element whose kernel number is `bitIndex`.
    init(bitIndex: UInt16)
    /// The kernel number, which is the element's bit in the kernel's bitmask.
    var bitIndex: UInt16 { get }
}

/// The codes of one event type, as `EVIOCGBIT(type)` reports them.
public typealias CodeSet = KernelBitmask<EventCode>

/// The event types of a device, as `EVIOCGBIT(0)` reports them.
public typealias TypeSet = KernelBitmask<EventType>

/// The `INPUT_PROP_*` properties of a device, as `EVIOCGPROP` reports them.
public typealias PropertySet = KernelBitmask<UInt16>

extension EventCode: KernelBitmaskElement {
    @inlinable
    public init(bitIndex: UInt16) { self.init(rawValue: bitIndex) }

    @inlinable
    public var bitIndex: UInt16 { rawValue }
}

extension EventType: KernelBitmaskElement {
    @inlinable
    public init(bitIndex: UInt16) { self.init(rawValue: bitIndex) }

    @inlinable
    public var bitIndex: UInt16 { rawValue }
}

extension UInt16: KernelBitmaskElement {
    @inlinable
    public init(bitIndex: UInt16) { self = bitIndex }

    @inlinable
    public var bitIndex: UInt16 { self }
}
