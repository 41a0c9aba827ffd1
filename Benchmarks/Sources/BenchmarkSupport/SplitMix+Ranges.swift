import ForceCore

// ForceCore's seeded generator (SplitMix64), so that a generated recording is the same on every
// machine and every run, with the draws the session generator makes.
extension SplitMix {
    /// A uniformly distributed value in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// A uniformly distributed value in `range`.
    mutating func double(in range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    /// Whether an event of the given probability happens.
    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }
}
