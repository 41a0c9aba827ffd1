/// Counters of what a `HapticEngine` did, for tests, benchmarks and `--verbose` output.
public struct HapticStatistics: Hashable, Sendable {
    /// Patterns that started playing.
    public var played = 0
    /// Patterns dropped by the priority policy.
    public var dropped = 0
    /// Patterns prepared.
    public var prepared = 0
    /// Effect starts written to the device.
    public var starts = 0
    /// Effect stops written to the device (pre-emption, `stopAll`, making room).
    public var stops = 0
    /// Effects uploaded into a free slot.
    public var allocations = 0
    /// Effects uploaded over another one (LRU reuse of an id).
    public var updates = 0
    /// Effects erased to make room.
    public var evictionErases = 0
    /// Times the engine switched between rumble and periodic after the device refused one.
    public var fallbacks = 0
    /// Errors reported through the `HapticPlayer` interface.
    public var errors = 0

    /// Creates zeroed counters.
    public init() {}

    /// Uploads of any kind.
    public var uploads: Int { allocations + updates }
}
