/// Maps how fast something hits to how hard the haptic is, as Apple's HapticBounce sample does
/// for a ball striking the screen's edges: intensity grows linearly with speed from
/// `minimumSpeed` (nothing felt below it) to `maximumSpeed` (full intensity and beyond).
public struct CollisionIntensity: Hashable, Sendable {
    /// The speed that gives full intensity (any unit: points/s, mm/s, force units/s).
    public var maximumSpeed: Double
    /// Collisions slower than this play nothing.
    public var minimumSpeed: Double
    /// The sharpness of the transient `pattern(forSpeed:)` makes.
    public var sharpness: Double

    /// Creates a mapping; `maximumSpeed` must exceed `minimumSpeed` (else every hit above the
    /// minimum is full strength).
    public init(maximumSpeed: Double, minimumSpeed: Double = 0, sharpness: Double = 0.5) {
        self.maximumSpeed = maximumSpeed
        self.minimumSpeed = max(0, minimumSpeed)
        self.sharpness = HapticEvent.unit(sharpness)
    }

    /// The intensity (0...1) of a collision at `speed`.
    public func intensity(forSpeed speed: Double) -> Double {
        let speed = abs(speed)
        guard speed.isFinite else { return speed.isNaN ? 0 : 1 }
        guard speed >= minimumSpeed, speed > 0 else { return 0 }
        guard maximumSpeed > minimumSpeed else { return 1 }
        return HapticEvent.unit((speed - minimumSpeed) / (maximumSpeed - minimumSpeed))
    }

    /// The intensity of a collision with velocity (`dx`, `dy`): its speed is the vector's length.
    public func intensity(forVelocityX dx: Double, y dy: Double) -> Double {
        intensity(forSpeed: (dx * dx + dy * dy).squareRoot())
    }

    /// A transient of the collision's intensity, or nil when it is too slow to feel.
    public func pattern(forSpeed speed: Double) -> HapticPattern? {
        let value = intensity(forSpeed: speed)
        guard value > 0 else { return nil }
        return HapticPattern(.transient(intensity: value, sharpness: sharpness))
    }
}
