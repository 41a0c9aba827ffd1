/// Percentiles of a set of latencies in microseconds, printed in milliseconds.
public struct LatencySummary {
    public let sorted: [Int64]

    public init(_ samples: [Int64]) { sorted = samples.sorted() }

    /// The sample below which `fraction` of them lie (nearest rank).
    public func percentile(_ fraction: Double) -> Int64? {
        guard !sorted.isEmpty else { return nil }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(sorted.count - 1, max(0, rank))]
    }

    public var count: Int { sorted.count }
    public var maximum: Int64? { sorted.last }

    /// `12.345` for 12345 µs; "-" when there is no value.
    public static func milliseconds(_ microseconds: Int64?) -> String {
        guard let microseconds else { return "-" }
        let sign = microseconds < 0 ? "-" : ""
        let value = abs(microseconds)
        let fraction = String(value % 1000)
        return sign + String(value / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `1.25` for 1.25 (two decimals).
    public static func decimal(_ value: Double) -> String {
        let hundredths = Int64((value * 100).rounded())
        let fraction = String(abs(hundredths) % 100)
        return (hundredths < 0 ? "-" : "") + String(abs(hundredths) / 100) + "." + (fraction.count < 2 ? "0" : "") + fraction
    }
}
