import ForceCore
import Glibc

/// HapticBounce's world: a sphere on the device's surface that a touch holds and flings, and
/// that bounces off the surface's edges, losing speed to each bounce (`restitution`) and to
/// rolling (`friction`). Pure and deterministic: the same steps give the same collisions, so a
/// replay gives the same bounces at any speed.
///
/// Positions are in device units; speeds are in surface widths per second, so the same fling
/// feels the same on any device.
public struct BounceWorld: Sendable {
    /// An edge of the surface.
    public enum Edge: String, Sendable {
        case left, right, top, bottom
    }

    /// A hit on an edge.
    public struct Collision: Sendable {
        /// Which edge.
        public var edge: Edge
        /// The sphere's speed as it hit, in surface widths per second.
        public var speed: Double
        /// Where the sphere's centre was, in device units.
        public var x: Double
        public var y: Double
    }

    /// The surface, in device units.
    public let area: DeviceArea
    /// The sphere's radius, in device units.
    public let radius: Double
    /// What is left of the speed after a bounce.
    public var restitution = 0.8
    /// How fast rolling slows the sphere: its speed falls by e every 1/`friction` seconds.
    public var friction = 0.6
    /// Below this speed (widths per second) a free sphere stops.
    public var restingSpeed = 0.02
    /// The sphere's centre, in device units.
    public private(set) var x: Double
    public private(set) var y: Double
    /// Its velocity, in device units per second.
    public private(set) var velocityX = 0.0
    public private(set) var velocityY = 0.0
    /// Whether a touch holds it.
    public private(set) var isHeld = false

    /// A sphere at rest in the middle of `area`, its radius `radiusFraction` of the surface's width.
    public init(area: DeviceArea, radiusFraction: Double = 0.05) {
        self.area = area
        radius = max(radiusFraction * Self.span(area.xRange), 0)
        x = (area.xRange.lowerBound + area.xRange.upperBound) / 2
        y = (area.yRange.lowerBound + area.yRange.upperBound) / 2
    }

    /// The surface's width in device units (at least 1).
    public var width: Double { Self.span(area.xRange) }

    /// The speed in surface widths per second.
    public var speed: Double { (velocityX * velocityX + velocityY * velocityY).squareRoot() / width }

    /// Whether the sphere moves on its own (free, and faster than `restingSpeed`).
    public var isMoving: Bool { !isHeld && speed > 0 }

    /// A touch holds the sphere at (`x`, `y`) (kept inside the surface), moving at the touch's
    /// velocity (device units per second), which it keeps when released.
    public mutating func hold(atX x: Double, y: Double, velocityX: Double, velocityY: Double) {
        isHeld = true
        self.x = Self.clamp(x, area.xRange, inset: radius)
        self.y = Self.clamp(y, area.yRange, inset: radius)
        self.velocityX = velocityX.isFinite ? velocityX : 0
        self.velocityY = velocityY.isFinite ? velocityY : 0
    }

    /// The touch lets go: the sphere flies on at the velocity it was held with.
    public mutating func release() {
        isHeld = false
        if speed < restingSpeed { stop() }
    }

    /// Moves the free sphere on by `seconds`, bouncing off the edges; returns the hits, in order.
    public mutating func step(seconds: Double) -> [Collision] {
        guard isMoving, seconds > 0 else { return [] }
        let slowing = exp(-friction * seconds)
        velocityX *= slowing
        velocityY *= slowing
        x += velocityX * seconds
        y += velocityY * seconds
        let xRange = area.xRange, yRange = area.yRange
        var edges: [Edge] = []
        if x - radius < xRange.lowerBound, velocityX < 0 { edges.append(.left) }
        if x + radius > xRange.upperBound, velocityX > 0 { edges.append(.right) }
        if y - radius < yRange.lowerBound, velocityY < 0 { edges.append(.top) }
        if y + radius > yRange.upperBound, velocityY > 0 { edges.append(.bottom) }
        // The sphere touches the edge it hit (never leaves the surface), then bounces off it.
        x = Self.clamp(x, xRange, inset: radius)
        y = Self.clamp(y, yRange, inset: radius)
        let hits = edges.map { bounce($0) }
        if speed < restingSpeed { stop() }
        return hits
    }

    private mutating func bounce(_ edge: Edge) -> Collision {
        let hit = Collision(edge: edge, speed: speed, x: x, y: y)
        switch edge {
        case .left, .right: velocityX = -velocityX * restitution
        case .top, .bottom: velocityY = -velocityY * restitution
        }
        return hit
    }

    private mutating func stop() {
        velocityX = 0
        velocityY = 0
    }

    private static func span(_ range: ClosedRange<Double>) -> Double {
        max(range.upperBound - range.lowerBound, 1)
    }

    private static func clamp(_ value: Double, _ range: ClosedRange<Double>, inset: Double) -> Double {
        let low = range.lowerBound + inset, high = range.upperBound - inset
        guard low <= high else { return (range.lowerBound + range.upperBound) / 2 }
        return min(max(value, low), high)
    }
}
