/// Where a pen tip (or any single contact that goes down by pressure) touches and leaves the
/// surface, in raw units.
///
/// Pens (`readsAsTablet`) follow libinput's reading of a tablet's pressure
/// (`update_pressure_range`, `set_pressure_offset` and `detect_tool_contact` in
/// `src/evdev-tablet.c`):
/// - without an offset, the tip goes down at the tip-down fraction of the range above the axis
///   minimum and up at the tip-up fraction (5 % and 1 % by default), each truncated to whole
///   units as libinput's `axis_range_percentage` does;
/// - with an offset (learned, or configured above the axis minimum), the tip goes up at the
///   offset itself and down the same gap above it (libinput keeps the gap between the levels
///   without an offset: 4 % of the range by default).
///
/// Other devices go down at the tip-down fraction of the range above their resting offset and up
/// at the tip-up fraction above it.
///
/// Either way the tip goes down at a pressure at or above `down` (and above `up`), and up again at
/// or below `up`: hysteresis, so noise between the two changes nothing.
public struct TipThresholds: Hashable, Sendable {
    /// The tip-down level above the offset (or the axis minimum), as a fraction of the range.
    public let downFraction: Double
    /// The tip-up level above the offset (or the axis minimum), as a fraction of the range.
    public let upFraction: Double
    /// Whether the levels follow libinput's reading of a tablet (pens).
    public let readsAsTablet: Bool
    /// The tip-down level without an offset.
    public let baseDown: Double
    /// The tip-up level without an offset.
    public let baseUp: Double
    /// The raw pressure at or above which the tip goes down.
    public private(set) var down: Double
    /// The raw pressure at or below which the tip goes up.
    public private(set) var up: Double
    private let span: Double

    /// The levels for fractions of `span` (the axis range) above `minimum` (the axis minimum); a
    /// tip-up fraction above the tip-down one is taken as the tip-down one.
    public init(minimum: Double, span: Double, downFraction: Double, upFraction: Double, readsAsTablet: Bool) {
        let down = max(downFraction, 0)
        let up = min(max(upFraction, 0), down)
        self.downFraction = down
        self.upFraction = up
        self.readsAsTablet = readsAsTablet
        self.span = span
        baseDown = readsAsTablet ? Self.wholeUnits(minimum + down * span) : minimum + down * span
        baseUp = readsAsTablet ? Self.wholeUnits(minimum + up * span) : minimum + up * span
        self.down = baseDown
        self.up = baseUp
    }

    /// The gap between the levels of a pen with an offset.
    public var gap: Double { baseDown - baseUp }

    /// Moves the levels to `offset` (the resting offset in use), or back to the levels without one
    /// for nil.
    public mutating func apply(offset: Double?) {
        guard let offset else {
            up = baseUp
            down = baseDown
            return
        }
        if readsAsTablet {
            up = offset
            down = offset + gap
        } else {
            up = offset + upFraction * span
            down = offset + downFraction * span
        }
    }

    /// Whether the tip is down at `raw`, given whether it was down before.
    @inlinable
    public func isDown(raw: Int32, wasDown: Bool) -> Bool {
        let pressure = Double(raw)
        return wasDown ? pressure > up : pressure >= down && pressure > up
    }

    /// `value` truncated toward zero, as C converts a double to an int; a value within a
    /// millionth of a unit of a whole number (a fraction given in raw units, such as a quirk's 70
    /// of 1023, does not come back exactly) counts as that number.
    static func wholeUnits(_ value: Double) -> Double {
        let nearest = value.rounded()
        return abs(value - nearest) < 1e-6 ? nearest : value.rounded(.towardZero)
    }
}
