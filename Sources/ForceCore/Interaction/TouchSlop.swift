/// How far a touch may move from where it landed and still count as held still (Haptic Touch):
/// beyond it, before the preview ends, the touch is a drag or a scroll.
///
/// In millimetres where both position axes give their resolution (units per millimetre),
/// otherwise as a fraction of the surface's shorter side (a `SurfaceDistance`). The defaults
/// follow UIKit, whose long press allows 10 points of movement: 1.6 mm on a 163 ppi iPhone, and
/// 1/32 of an iPhone's 320-point short side.
public struct TouchSlop: Hashable, Sendable {
    /// The distance.
    public var distance: SurfaceDistance

    /// 1.6 mm, or 1/32 of the shorter side.
    public static let standard = TouchSlop(millimetres: 1.6, fractionOfShorterSide: 1.0 / 32)

    /// Creates a slop.
    public init(millimetres: Double, fractionOfShorterSide: Double) {
        distance = SurfaceDistance(millimetres: millimetres, fractionOfShorterSide: fractionOfShorterSide)
    }

    /// The distance in millimetres, used where the resolution is known.
    public var millimetres: Double {
        get { distance.millimetres }
        set { distance.millimetres = newValue }
    }

    /// The distance as a fraction of the surface's shorter side, used where it is not.
    public var fractionOfShorterSide: Double {
        get { distance.fractionOfShorterSide }
        set { distance.fractionOfShorterSide = newValue }
    }

    /// Whether a touch that moved by `dx`, `dy` device units on `area` moved beyond the slop.
    /// Without an area (no position axes) movement cannot be judged, and nothing is beyond.
    public func isExceeded(dx: Double, dy: Double, on area: DeviceArea?) -> Bool {
        distance.isExceeded(dx: dx, dy: dy, on: area)
    }
}
