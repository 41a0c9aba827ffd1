/// Maps how fast something hits to how hard the haptic is, as Apple's HapticBounce sample does
/// for a ball striking the screen's edges: intensity grows linearly with speed from
/// `minimumSpeed` (nothing felt below it) to `maximumSpeed` (full intensity and beyond). The
/// transient's sharpness is fixed, or rises with the intensity from `sharpness` to
/// `fullSharpness` (a faster hit crisper as well as stronger).
public struct CollisionIntensity: Hashable, Sendable {
    /// The speed that gives full intensity (any unit: points/s, mm/s, force units/s).
    public var maximumSpeed: Double
    /// Collisions slower than this play nothing.
    public var minimumSpeed: Double
    /// The sharpness of the lightest hit felt (of every hit when `fullSharpness` equals it).
    public var sharpness: Double
    /// The sharpness of a hit at full intensity.
    public var fullSharpness: Double

    /// Creates a mapping; `maximumSpeed` must exceed `minimumSpeed` (else every hit above the
    /// minimum is full strength). Without `fullSharpness`, every hit has `sharpness`.
    public init(maximumSpeed: Double, minimumSpeed: Double = 0, sharpness: Double = 0.5, fullSharpness: Double? = nil) {
        self.maximumSpeed = maximumSpeed
        self.minimumSpeed = max(0, minimumSpeed)
        self.sharpness = HapticEvent.unit(sharpness)
        self.fullSharpness = HapticEvent.unit(fullSharpness ?? sharpness)
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

    /// The sharpness (0...1) of a collision of `intensity`: from `sharpness` at nothing to
    /// `fullSharpness` at full intensity.
    public func sharpness(forIntensity intensity: Double) -> Double {
        sharpness + (fullSharpness - sharpness) * HapticEvent.unit(intensity)
    }

    /// A transient of the collision's intensity and sharpness, or nil when it is too slow to feel.
    public func pattern(forSpeed speed: Double) -> HapticPattern? {
        let value = intensity(forSpeed: speed)
        guard value > 0 else { return nil }
        return HapticPattern(.transient(intensity: value, sharpness: sharpness(forIntensity: value)))
    }
}
