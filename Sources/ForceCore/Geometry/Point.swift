/// A location in a two-dimensional coordinate space: device units, or the units of a `Rect` a
/// location is mapped into (what UIKit calls `CGPoint`, without Foundation).
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// A point at `x`, `y`.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
