/// The parts patterns render to on one device, kept so that playing a pattern again renders
/// nothing. It holds at most `limit` patterns (a full cache is emptied, not grown) and is emptied
/// whenever the rendering changes: another strength in the magnitudes, another effect type after
/// a fallback, a smaller share of the device's slots.
public struct HapticPatternCache: Sendable {
    /// How many patterns a `HapticEngine` keeps.
    public static let standardLimit = 512

    /// The most patterns kept at once.
    public let limit: Int
    private var partsByPattern: [HapticPattern: [HapticPatternPart]] = [:]

    /// An empty cache of at most `limit` patterns.
    public init(limit: Int = standardLimit) {
        self.limit = max(1, limit)
    }

    /// How many patterns it holds.
    public var count: Int { partsByPattern.count }

    /// The parts of `pattern`: the kept ones, else what `render` makes of it (then kept).
    public mutating func parts<Failure: Error>(
        for pattern: HapticPattern, render: (HapticPattern) throws(Failure) -> [HapticPatternPart]
    ) throws(Failure) -> [HapticPatternPart] {
        if let parts = partsByPattern[pattern] { return parts }
        let parts = try render(pattern)
        if partsByPattern.count >= limit { partsByPattern.removeAll(keepingCapacity: true) }
        partsByPattern[pattern] = parts
        return parts
    }

    /// Forgets every pattern (the rendering changed).
    public mutating func removeAll() {
        partsByPattern.removeAll()
    }
}
