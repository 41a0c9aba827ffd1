/// A distance on a touch surface: in millimetres where both position axes give their
/// resolution (units per millimetre), otherwise as a fraction of the surface's shorter side.
///
/// The two should describe about the same length on a phone: UIKit's points become millimetres
/// at 163 points per inch (10 points are 1.6 mm) and a fraction of an iPhone's 320-point short
/// side (10 points are 1/32 of it).
public struct SurfaceDistance: Hashable, Sendable {
    /// The distance in millimetres, used where the resolution is known.
    public var millimetres: Double
    /// The distance as a fraction of the surface's shorter side, used where it is not.
    public var fractionOfShorterSide: Double

    /// Creates a distance.
    public init(millimetres: Double, fractionOfShorterSide: Double) {
        self.millimetres = millimetres
        self.fractionOfShorterSide = fractionOfShorterSide
    }

    /// Whether a movement by `dx`, `dy` device units on `area` is longer than this distance.
    /// Without an area (no position axes) movement cannot be measured, and none is longer.
    public func isExceeded(dx: Double, dy: Double, on area: DeviceArea?) -> Bool {
        guard let area else { return false }
        if area.hasResolution {
            let x = dx / area.xResolution
            let y = dy / area.yResolution
            return x * x + y * y > millimetres * millimetres
        }
        guard let limit = fallbackLength(on: area) else { return false }
        return dx * dx + dy * dy > limit * limit
    }

    /// This distance along the vertical (Y) axis in device units of `area`; nil without an area
    /// or when the area has no extent.
    public func verticalLength(on area: DeviceArea?) -> Double? {
        guard let area else { return nil }
        if area.hasResolution { return millimetres * area.yResolution }
        return fallbackLength(on: area)
    }

    /// The fraction of the shorter side in device units, where the resolution is unknown.
    private func fallbackLength(on area: DeviceArea) -> Double? {
        let side = area.shorterSide
        return side > 0 ? fractionOfShorterSide * side : nil
    }
}
