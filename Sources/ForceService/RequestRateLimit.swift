/// A per-client limit on haptic requests (a token bucket): up to `burst` requests at once,
/// refilled at `perSecond`. A client over its limit gets an error; the others are unaffected.
public struct RequestRateLimit: Sendable {
    /// Requests a client may make at once.
    public var burst: Double
    /// Requests a client may make per second in the long run.
    public var perSecond: Double

    private var buckets: [String: (tokens: Double, time: Int64)] = [:]

    /// A limit of `perSecond` requests a second with bursts of `burst`.
    public init(perSecond: Double = 50, burst: Double = 20) {
        self.perSecond = perSecond
        self.burst = burst
    }

    /// Takes one request of `client` at `now` (monotonic µs); false when it is over its limit.
    public mutating func admit(_ client: String, at now: Int64) -> Bool {
        var bucket = buckets[client] ?? (burst, now)
        bucket.tokens = min(burst, bucket.tokens + Double(max(0, now - bucket.time)) / 1_000_000 * perSecond)
        bucket.time = now
        let admitted = bucket.tokens >= 1
        if admitted { bucket.tokens -= 1 }
        buckets[client] = bucket
        return admitted
    }

    /// Forgets `client` (it disconnected).
    public mutating func forget(_ client: String) {
        buckets[client] = nil
    }
}
