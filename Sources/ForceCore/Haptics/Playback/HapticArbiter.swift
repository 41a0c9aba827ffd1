/// Decides, by `HapticPriority`, whether a new feedback plays and what it stops.
public struct HapticArbiter: Sendable {
    /// The feedback playing now.
    public struct Voice: Hashable, Sendable {
        /// Its priority.
        public var priority: HapticPriority
        /// The effect ids it started.
        public var ids: [Int16]
        /// Monotonic time (µs) when its last effect ends.
        public var end: Int64
    }

    /// What to do with a new feedback.
    public enum Decision: Hashable, Sendable {
        /// Play it, stopping these ids first (in the same write).
        case play(stopping: [Int16])
        /// Drop it: something more important is playing.
        case drop(playing: HapticPriority)
    }

    /// The feedback playing, if any (it may have ended; see `playing(at:)`).
    public private(set) var current: Voice?

    /// Creates an arbiter with nothing playing.
    public init() {}

    /// The feedback still playing at `now`.
    public func playing(at now: Int64) -> Voice? {
        guard let current, current.end > now else { return nil }
        return current
    }

    /// Whether a feedback of `priority` arriving at `now` plays.
    public func decide(_ priority: HapticPriority, at now: Int64) -> Decision {
        guard let voice = playing(at: now) else { return .play(stopping: []) }
        if priority >= voice.priority { return .play(stopping: voice.ids) }
        return .drop(playing: voice.priority)
    }

    /// Records that a feedback of `priority` started `ids`, playing until `end`.
    public mutating func started(_ priority: HapticPriority, ids: [Int16], until end: Int64) {
        current = Voice(priority: priority, ids: ids, end: end)
    }

    /// Records that `id` no longer belongs to the playing feedback (erased or reused).
    public mutating func forget(_ id: Int16) {
        current?.ids.removeAll { $0 == id }
        if current?.ids.isEmpty == true { current = nil }
    }

    /// Records that everything stopped.
    public mutating func stopAll() {
        current = nil
    }
}
