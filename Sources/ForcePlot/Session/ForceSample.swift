/// One reading of a touch's force, as a plot needs it.
public struct ForceSample: Hashable, Sendable {
    /// Seconds since the session began.
    public var time: Double
    /// The force in UIKit force units (1.0 is an average touch).
    public var force: Double

    /// Creates a sample.
    @inlinable
    public init(time: Double, force: Double) {
        self.time = time
        self.force = force
    }
}
