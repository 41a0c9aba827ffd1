import ForcePlot

/// One touch's force as a function of time: straight between the sensor's reports, held from
/// the last report to the lift, 0 before the touch went down and after it lifted. Times within
/// `tolerance` of a report or of the touch's ends count as on them, so that sums of floating
/// point seconds do not fall off an edge.
struct ForceCurve {
    let samples: [ForceSample]
    /// When the touch went down and lifted (or the session ended), in seconds.
    let start: Double
    let end: Double

    static let tolerance = 1e-7

    init(trace: TouchTrace, sessionEnd: Double) {
        samples = trace.samples
        start = trace.downTime
        end = max(trace.downTime, trace.liftTime ?? sessionEnd)
    }

    /// The force at `time`.
    func force(at time: Double) -> Double {
        let tolerance = Self.tolerance
        guard let first = samples.first, time >= start - tolerance, time <= end + tolerance else { return 0 }
        // The first report after `time`.
        var low = 0
        var high = samples.count
        while low < high {
            let middle = (low + high) / 2
            if samples[middle].time > time + tolerance { high = middle } else { low = middle + 1 }
        }
        guard low > 0 else { return first.force }
        let previous = samples[low - 1]
        guard low < samples.count else { return previous.force }
        let next = samples[low]
        let span = next.time - previous.time
        let fraction = span > 0 ? min(1, max(0, (time - previous.time) / span)) : 1
        return previous.force + (next.force - previous.force) * fraction
    }

    /// The most points a grid has: a touch held for hours (or a corrupt timestamp) coarsens
    /// the grid rather than the time taken.
    static let maximumGridPoints = 20_000.0

    /// `requested`, or coarser when a grid of it over `span` seconds would be too long.
    private func gridStep(_ requested: Double, covering span: Double) -> Double {
        max(requested, span / Self.maximumGridPoints, 1e-6)
    }

    /// The forces at `first + step * i` for `i` in `0..<count`.
    func sampled(from first: Double, step: Double, count: Int) -> [Double] {
        (0..<max(0, count)).map { force(at: first + step * Double($0)) }
    }

    /// The shift `s` (seconds) for which `other(t + s)` best matches `self(t)`: the peak of
    /// their cross-correlation on a grid of `step` seconds, searched within `expected ±
    /// maximumShift`, refined between grid points by a parabola through the peak and its
    /// neighbours; `atLimit` when the best shift is at the edge of the search (the curves do
    /// not share a shape). Nil when either curve is all zero.
    func shift(of other: ForceCurve, expected: Double, maximumShift: Double, step requested: Double) -> (seconds: Double, atLimit: Bool)? {
        // Points × lags bounded too: the correlation costs their product.
        let span = max(end - start, 0)
        let step = max(gridStep(requested, covering: max(span, maximumShift)), (span * 2 * maximumShift / 5e6).squareRoot())
        let lags = Int(min(maximumShift / step, Self.maximumGridPoints).rounded(.up))
        let first = start - step
        let count = Int(((end - start) / step).rounded(.up)) + 3
        let own = sampled(from: first, step: step, count: count)
        let base = Int((expected / step).rounded())
        let theirs = other.sampled(from: first + Double(base - lags) * step, step: step, count: count + 2 * lags)
        guard own.contains(where: { $0 != 0 }), theirs.contains(where: { $0 != 0 }) else { return nil }
        var scores = [Double](repeating: 0, count: 2 * lags + 1)
        for lag in scores.indices {
            var sum = 0.0
            for index in own.indices where own[index] != 0 { sum += own[index] * theirs[index + lag] }
            scores[lag] = sum
        }
        // The best lag; among equal scores the one nearest the expected shift.
        var best = lags
        for lag in scores.indices where scores[lag] > scores[best] || (scores[lag] == scores[best] && abs(lag - lags) < abs(best - lags)) {
            best = lag
        }
        var refinement = 0.0
        if best > 0, best < scores.count - 1 {
            let (left, middle, right) = (scores[best - 1], scores[best], scores[best + 1])
            let curvature = left - 2 * middle + right
            if curvature < 0 { refinement = max(-0.5, min(0.5, (left - right) / (2 * curvature))) }
        }
        // To the microsecond, the resolution of event times (and clear of rounding noise).
        let seconds = ((Double(base + best - lags) + refinement) * step * 1_000_000).rounded() / 1_000_000 + 0
        return (seconds, lags > 0 && (best == 0 || best == scores.count - 1))
    }

    /// The largest `|self(t) - other(t + shift)|` over both touches' lives, with when it
    /// happens (on this curve's clock). Both curves are straight between reports, so the
    /// largest difference is at a report of either or at either side of an end of either
    /// touch: those are the only times checked.
    func largestDifference(from other: ForceCurve, shift: Double) -> (difference: Double, time: Double) {
        var times = samples.map(\.time) + other.samples.map { $0.time - shift }
        // Each end on both sides of its jump (a microsecond outside is past the tolerance).
        for edge in [start, end, other.start - shift, other.end - shift] { times += [edge - 1e-6, edge, edge + 1e-6] }
        var largest = (difference: 0.0, time: min(start, other.start - shift))
        for time in times.sorted() {
            let difference = abs(force(at: time) - other.force(at: time + shift))
            if difference > largest.difference { largest = (difference, time) }
        }
        return largest
    }
}
