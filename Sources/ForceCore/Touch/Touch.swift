#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One contact on a touch surface, shaped like `UITouch`: where it is, how hard it presses and
/// where it is in its life. Locations are in device units (see `DeviceArea` to map them). Its
/// properties are read-only outside ForceCore, as `UITouch`'s are; `init` makes any touch.
public struct Touch: Hashable, Sendable {
    /// A number unique to this contact within a session (tracking ids are reused; this is not).
    public internal(set) var identifier: Int
    /// The MT slot (protocol B), contact index (protocol A) or 0 (single-touch devices).
    public internal(set) var slot: Int
    /// The phase of the touch in the frame that reported it.
    public internal(set) var phase: TouchPhase
    /// What touches.
    public internal(set) var tool: ToolType
    /// The horizontal position, in device units.
    public internal(set) var x: Double
    /// The vertical position, in device units.
    public internal(set) var y: Double
    /// The time of the frame that reported the touch, in microseconds of the source's clock.
    public internal(set) var timestamp: Int64
    /// The raw pressure (or contact size when force is estimated from it).
    public internal(set) var rawPressure: Int32
    /// The force, where 1.0 is an average touch (`UITouch.force`).
    public internal(set) var force: Double
    /// The pressure's place in the device's range, 0...1, before any curve.
    public internal(set) var normalizedForce: Double
    /// The highest force this device can report (`UITouch.maximumPossibleForce`); 0 without pressure.
    public internal(set) var maximumPossibleForce: Double
    /// Whether force is estimated (from contact size) rather than measured.
    public internal(set) var isForceEstimated: Bool
    /// What drives this touch's force and interactions.
    public internal(set) var forceSource: ForceSource
    /// The length of the contact ellipse's major axis (`ABS_MT_TOUCH_MAJOR`: a diameter, not a
    /// radius), in device units, 0 if unknown.
    public internal(set) var majorDiameter: Double
    /// The angle between the pen and the surface in radians (π/2 = perpendicular), as
    /// `UITouch.altitudeAngle`; π/2 for fingers and pens without tilt.
    public internal(set) var altitudeAngle: Double
    /// The direction the pen leans toward in radians, measured from the +x axis toward +y
    /// (`UITouch.azimuthAngle(in:)`); 0 without tilt.
    public internal(set) var azimuthAngle: Double

    /// Creates a touch.
    public init(
        identifier: Int, slot: Int = 0, phase: TouchPhase = .began, tool: ToolType = .finger,
        x: Double = 0, y: Double = 0, timestamp: Int64 = 0, rawPressure: Int32 = 0, force: Double = 0,
        normalizedForce: Double = 0, maximumPossibleForce: Double = 0, isForceEstimated: Bool = false,
        forceSource: ForceSource = .pressure, majorDiameter: Double = 0, altitudeAngle: Double = .pi / 2, azimuthAngle: Double = 0
    ) {
        self.identifier = identifier
        self.slot = slot
        self.phase = phase
        self.tool = tool
        self.x = x
        self.y = y
        self.timestamp = timestamp
        self.rawPressure = rawPressure
        self.force = force
        self.normalizedForce = normalizedForce
        self.maximumPossibleForce = maximumPossibleForce
        self.isForceEstimated = isForceEstimated
        self.forceSource = forceSource
        self.majorDiameter = majorDiameter
        self.altitudeAngle = altitudeAngle
        self.azimuthAngle = azimuthAngle
    }

    /// Altitude and azimuth of a pen tilted by `tiltX` and `tiltY` radians from the vertical
    /// (the kernel's `ABS_TILT_X/Y`, positive toward +x and +y).
    @inlinable
    public static func orientation(tiltX: Double, tiltY: Double) -> (altitude: Double, azimuth: Double) {
        let tanX = tan(tiltX)
        let tanY = tan(tiltY)
        let lean = (tanX * tanX + tanY * tanY).squareRoot()
        let altitude = Double.pi / 2 - atan(lean)
        let azimuth = lean == 0 ? 0 : atan2(tanY, tanX)
        return (altitude, azimuth)
    }
}
