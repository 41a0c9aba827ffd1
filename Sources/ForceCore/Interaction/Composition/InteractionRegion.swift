/// Where on the touch surface a touch may land to drive an interaction: a rectangle in
/// fractions of the device area (0 at the left and top edges, 1 at the right and bottom), like
/// the frame of the view an interaction is added to in UIKit.
///
/// Each range includes its lower bound and excludes its upper one, except at the far edge (1),
/// so that regions side by side never share a point. With `everywhere`, touches land in the
/// region even on a device without position axes; any other region needs the device area.
public struct InteractionRegion: Hashable, Sendable {
    /// The horizontal extent, fractions of the area's width from the left.
    public var horizontal: ClosedRange<Double>
    /// The vertical extent, fractions of the area's height from the top.
    public var vertical: ClosedRange<Double>

    /// The whole surface.
    public static let everywhere = InteractionRegion(horizontal: 0...1, vertical: 0...1)

    /// Creates a region.
    public init(horizontal: ClosedRange<Double>, vertical: ClosedRange<Double>) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The band across the top of the surface, `fraction` of its height tall.
    public static func top(_ fraction: Double) -> InteractionRegion {
        InteractionRegion(horizontal: 0...1, vertical: 0...max(fraction, 0))
    }

    /// Whether a touch at `x`, `y` (device units) on `area` is in the region.
    public func contains(x: Double, y: Double, on area: DeviceArea?) -> Bool {
        if self == .everywhere { return true }
        guard let area else { return false }
        let point = area.normalized(x: x, y: y)
        return Self.range(horizontal, contains: point.x) && Self.range(vertical, contains: point.y)
    }

    private static func range(_ range: ClosedRange<Double>, contains value: Double) -> Bool {
        value >= range.lowerBound && (value < range.upperBound || (value == 1 && range.upperBound >= 1))
    }
}
