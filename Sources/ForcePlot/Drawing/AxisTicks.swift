#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Round-numbered tick positions for an axis: steps of 1, 2 or 5 times a power of ten, about
/// `targetCount` of them across the domain.
public struct AxisTicks: Hashable, Sendable {
    /// The distance between ticks.
    public let step: Double
    /// The tick values inside the domain, in increasing order.
    public let values: [Double]

    /// Ticks for `domain`, about `targetCount` of them.
    public init(domain: ClosedRange<Double>, targetCount: Int) {
        let span = domain.upperBound - domain.lowerBound
        guard span > 0, span.isFinite, targetCount > 0 else {
            step = 1
            values = [domain.lowerBound]
            return
        }
        let rough = span / Double(targetCount)
        let magnitude = pow(10, floor(log10(rough)))
        let fraction = rough / magnitude
        let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        step = nice * magnitude
        var values: [Double] = []
        var tick = ceil(domain.lowerBound / step - 1e-9) * step
        while tick <= domain.upperBound + step * 1e-9 {
            values.append(abs(tick) < step * 1e-9 ? 0 : tick)
            tick += step
        }
        self.values = values
    }

    /// The number of decimals that shows every tick exactly.
    public var decimals: Int {
        step >= 1 ? 0 : min(6, Int(ceil(-log10(step) - 1e-9)))
    }
}
