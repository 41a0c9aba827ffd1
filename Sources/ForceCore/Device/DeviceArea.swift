/// The touch surface's coordinate range, used to map device units onto a view.
///
/// By default the whole device area (the X and Y axis ranges) maps onto the target rectangle;
/// a calibration can narrow the active area (for bezels or a pen tablet mapped to part of a screen).
public struct DeviceArea: Hashable, Sendable {
    /// The smallest and largest X in device units.
    public var xRange: ClosedRange<Double>
    /// The smallest and largest Y in device units.
    public var yRange: ClosedRange<Double>
    /// Horizontal device units per millimetre (the X axis's resolution); 0 when unknown.
    public var xResolution: Double
    /// Vertical device units per millimetre (the Y axis's resolution); 0 when unknown.
    public var yResolution: Double

    /// Creates an area from explicit ranges and, where known, resolutions in units per millimetre.
    public init(xRange: ClosedRange<Double>, yRange: ClosedRange<Double>, xResolution: Double = 0, yResolution: Double = 0) {
        self.xRange = xRange
        self.yRange = yRange
        self.xResolution = xResolution
        self.yResolution = yResolution
    }

    /// The full area of `device` (MT position axes when it is multitouch, else `ABS_X/Y`), or nil
    /// when it has no absolute position.
    public init?(device: DeviceDescription) {
        let xCode = device.isMultitouch ? AbsCode.mtPositionX : AbsCode.x
        let yCode = device.isMultitouch ? AbsCode.mtPositionY : AbsCode.y
        guard let x = device.axis(xCode), let y = device.axis(yCode) else { return nil }
        self.init(
            xRange: Double(x.minimum)...Double(max(x.maximum, x.minimum)),
            yRange: Double(y.minimum)...Double(max(y.maximum, y.minimum)),
            xResolution: Double(max(x.resolution, 0)), yResolution: Double(max(y.resolution, 0)))
    }

    /// Whether both axes give their resolution, so that distances are known in millimetres.
    public var hasResolution: Bool { xResolution > 0 && yResolution > 0 }

    /// The shorter side of the area in device units (the longer one if the shorter is degenerate).
    public var shorterSide: Double {
        let width = xRange.upperBound - xRange.lowerBound
        let height = yRange.upperBound - yRange.lowerBound
        let shorter = min(width, height)
        return shorter > 0 ? shorter : max(width, height)
    }

    /// A point in device units as fractions of the area (0...1 from the left and from the top,
    /// clamped; 0 along an axis without extent).
    public func normalized(x: Double, y: Double) -> (x: Double, y: Double) {
        let width = xRange.upperBound - xRange.lowerBound
        let height = yRange.upperBound - yRange.lowerBound
        let u = width > 0 ? min(max((x - xRange.lowerBound) / width, 0), 1) : 0
        let v = height > 0 ? min(max((y - yRange.lowerBound) / height, 0), 1) : 0
        return (u, v)
    }

    /// Maps a point in device units into `rect` (clamped to it).
    public func map(x: Double, y: Double, into rect: Rect) -> Point {
        let (u, v) = normalized(x: x, y: y)
        return Point(x: rect.minX + u * rect.width, y: rect.minY + v * rect.height)
    }
}
