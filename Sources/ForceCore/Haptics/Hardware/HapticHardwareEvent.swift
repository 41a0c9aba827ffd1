/// What a `VirtualHapticDevice` saw the kernel ask of it, stamped with the kernel's monotonic
/// time (µs) at the moment of the request.
public struct HapticHardwareEvent: Hashable, Sendable {
    /// The request.
    public enum Kind: Hashable, Sendable {
        /// An effect was uploaded into slot `id` (`isUpdate`: over an effect already there).
        /// `effect` is nil for types ForceBridge does not make; `typeCode` is the kernel's type.
        case upload(id: Int16, effect: HapticEffect?, typeCode: EventCode, isUpdate: Bool)
        /// Effect `id` was erased.
        case erase(id: Int16)
        /// Effect `id` was started, `count` times.
        case play(id: Int16, count: Int32)
        /// Effect `id` was stopped.
        case stop(id: Int16)
        /// The gain was set (0...0xFFFF).
        case gain(UInt16)
    }

    /// The request.
    public var kind: Kind
    /// When the kernel made it (monotonic µs; for uploads and erases, when the device read it).
    public var time: Int64

    /// Creates an event.
    public init(kind: Kind, time: Int64) {
        self.kind = kind
        self.time = time
    }
}

/// One effect start, with the effect the slot held at that moment.
public struct PlayedHapticEffect: Hashable, Sendable {
    /// The slot.
    public var id: Int16
    /// What it held, if known.
    public var effect: HapticEffect?
    /// When the start was requested (monotonic µs).
    public var time: Int64
}
