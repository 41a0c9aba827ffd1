/// A rectangle: an origin and a size, in the units of its coordinate space (what UIKit calls
/// `CGRect`, without Foundation). A location in a view or a grid is mapped into one.
public struct Rect: Hashable, Sendable {
    /// The top left corner.
    public var origin: Point
    /// The width (along x).
    public var width: Double
    /// The height (along y).
    public var height: Double

    /// A rectangle whose top left corner is at `x`, `y`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        self.width = width
        self.height = height
    }

    /// The smallest x of the rectangle.
    public var minX: Double { min(origin.x, origin.x + width) }
    /// The smallest y of the rectangle.
    public var minY: Double { min(origin.y, origin.y + height) }
}
