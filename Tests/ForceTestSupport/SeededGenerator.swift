/// A deterministic random number generator (xorshift64*), so that generated test data is the
/// same on every run.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose numbers follow from `seed`.
    public init(seed: UInt64) { state = seed == 0 ? 0x2545_F491_4F6C_DD1D : seed }

    public mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}
