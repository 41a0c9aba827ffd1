/// The range of an absolute axis (`struct input_absinfo`).
public struct AxisInfo: Hashable, Sendable {
    /// The value when the description was taken (the axis's current value).
    public var value: Int32
    /// The smallest value the axis reports.
    public var minimum: Int32
    /// The largest value the axis reports.
    public var maximum: Int32
    /// The kernel's noise filter width.
    public var fuzz: Int32
    /// The dead zone around the centre.
    public var flat: Int32
    /// Units per millimetre (positions), per radian (angles) or per gram (pressure); 0 if unknown.
    public var resolution: Int32

    /// Creates axis information.
    public init(value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// `maximum - minimum`, as a `Double`; 0 for a degenerate axis.
    public var span: Double { Double(maximum) - Double(minimum) }
}
