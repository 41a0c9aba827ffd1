/// A stretch of a haptic pattern that the kernel times by itself: effects whose `delay`s count
/// from the part's start, which is `offset` ms after the pattern's start.
///
/// A pattern whose events all start within the kernel's delay limit (`HapticEffect.maximumMilliseconds`,
/// 32.767 s) is one part at offset 0. A longer one is cut into parts of `span` each (a pulse
/// crossing a boundary is cut there too), so that every part ends before the next one starts:
/// the player starts each later part on time with a timer, and uploads the next part while one
/// plays.
public struct HapticPatternPart: Hashable, Sendable, CustomStringConvertible {
    /// When the part starts, in ms after the pattern's start.
    public var offset: Int
    /// Its effects, in start order, timed from the part's start.
    public var effects: [HapticEffect]

    /// Creates a part.
    public init(offset: Int, effects: [HapticEffect]) {
        self.offset = offset
        self.effects = effects
    }

    /// How much of a long pattern one part covers, in ms (under the kernel's 32.767 s limit).
    public static let span = 30_000

    /// The latest start ForceBridge plays in a pattern, in seconds (an hour).
    public static let latestStart: Double = 3600

    /// When the part's last effect ends, in ms after the pattern's start.
    public var end: Int { offset + (effects.map(\.end).max() ?? 0) }

    public var description: String {
        let seconds = Double(offset) / 1000
        return "at \(seconds) s, \(effects.count) effect\(effects.count == 1 ? "" : "s")"
    }
}
