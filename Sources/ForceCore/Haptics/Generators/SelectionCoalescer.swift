/// Keeps rapid selection ticks apart: a tick closer than `minimumInterval` to the last one that
/// played is dropped, so that scrolling fast through a list gives distinct ticks at the fastest
/// rate the motor can separate, instead of ticks merging into one long hum.
public struct SelectionCoalescer: Hashable, Sendable {
    /// The closest two ticks may be, in microseconds.
    public var minimumInterval: Int64
    /// When the last tick played (monotonic µs).
    public private(set) var lastTick: Int64?

    /// Creates a coalescer.
    public init(minimumInterval: Int64) {
        self.minimumInterval = max(0, minimumInterval)
    }

    /// Whether a tick at `now` plays; if so, it becomes the last tick.
    public mutating func admit(at now: Int64) -> Bool {
        if let lastTick, now - lastTick < minimumInterval, now >= lastTick { return false }
        lastTick = now
        return true
    }
}
