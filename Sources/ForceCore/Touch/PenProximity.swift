/// Where a pen (or eraser) is above the surface as of a frame: in proximity or not, and its hover
/// distance. A pen in proximity is not necessarily touching: touches say that.
public struct PenProximity: Hashable, Sendable {
    /// Whether a pen or eraser is in proximity (hovering or touching).
    public var isInProximity: Bool
    /// The hover distance in device units (`ABS_DISTANCE`), 0 if unknown.
    public var distance: Int32

    /// A pen in proximity (`isInProximity`) at hover `distance`.
    public init(isInProximity: Bool, distance: Int32) {
        self.isInProximity = isInProximity
        self.distance = distance
    }
}
