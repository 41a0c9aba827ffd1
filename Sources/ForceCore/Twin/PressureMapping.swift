/// A `PressureProfile` laid onto one pressure axis at one resting offset: the raw levels where the
/// tip goes down and up and where output saturates, and the output for a raw pressure, in the
/// axis's own units. Pure arithmetic on the event path: nothing allocated, the curve evaluated
/// directly.
///
/// Output while in contact is `contactLevel + curve(u) × (maximum - contactLevel)`, rounded to a
/// whole unit, with `u` the pressure's place between the tip-down level and the full-pressure
/// point; out of contact it is the axis minimum. For a pen, `contactLevel` is where the readers
/// of the twin put a pen's tip down themselves (libinput: 5 % of the range, `readerTipLevel`),
/// so that a reader deciding contact from pressure sees the tip go down exactly where the
/// profile says. For touchscreen contacts, whose contact the tracking id decides, it is the axis
/// minimum.
public struct PressureMapping: Hashable, Sendable {
    /// The bottom of the axis.
    public let minimum: Int32
    /// The top of the axis.
    public let maximum: Int32
    /// The resting offset in use, raw units.
    public let offset: Double
    /// The raw pressure at or above which the tip goes down.
    public let tipDown: Double
    /// The raw pressure at or below which the tip goes up again.
    public let tipUp: Double
    /// The raw pressure at and above which output is the axis maximum.
    public let fullLevel: Double
    /// The output at the moment of contact (`u` = 0).
    public let contactLevel: Int32
    /// The response between the tip threshold and the full-pressure point.
    public let curve: PressureCurve

    /// `profile` on `axis` at resting offset `offset` (raw units), touching output from
    /// `contactLevel` up.
    public init(profile: PressureProfile, axis: AxisInfo, offset: Double, contactLevel: Int32) {
        minimum = axis.minimum
        maximum = max(axis.maximum, axis.minimum)
        let span = Double(maximum) - Double(minimum)
        self.offset = min(max(offset, Double(minimum)), Double(maximum))
        let down = min(self.offset + min(max(profile.tip, 0), 1) * span, Double(maximum))
        tipDown = down
        tipUp = min(self.offset + profile.effectiveTipRelease * span, down)
        // A full-pressure point at or below the tip would divide by zero: saturate a unit above it.
        fullLevel = max(Double(minimum) + min(max(profile.full, 0), 1) * span, down + 1)
        self.contactLevel = min(max(contactLevel, minimum), maximum)
        curve = profile.curve.isValid ? profile.curve : .linear
    }

    /// Where readers of a pen decide contact from pressure, the level a twin's touching output
    /// starts at: libinput's tip-down threshold without an offset, 5 % of the range above the
    /// minimum in whole units (`TipThresholds`, which ForceBridge's own pipeline also follows),
    /// and at least one unit above the minimum.
    public static func readerTipLevel(of axis: AxisInfo) -> Int32 {
        let span = axis.span
        guard span > 0 else { return axis.minimum }
        let level = TipThresholds.wholeUnits(Double(axis.minimum) + 0.05 * span)
        return Int32(min(max(level, Double(axis.minimum) + 1), Double(axis.maximum)))
    }

    /// Whether the tip is down at `raw`, given whether it was down before: down at `tipDown` or
    /// above (and above `tipUp`), up again at `tipUp` or below.
    @inlinable
    public func isDown(raw: Int32, wasDown: Bool) -> Bool {
        let pressure = Double(raw)
        return wasDown ? pressure > tipUp : pressure >= tipDown && pressure > tipUp
    }

    /// The place of `raw` between the tip-down level and the full-pressure point, 0...1.
    @inlinable
    public func normalized(raw: Int32) -> Double {
        let value = (Double(raw) - tipDown) / (fullLevel - tipDown)
        return value < 0 ? 0 : (value > 1 ? 1 : value)
    }

    /// The output for `raw` while in contact.
    @inlinable
    public func output(raw: Int32) -> Int32 {
        let shaped = curve.apply(normalized(raw: raw))
        let value = Double(contactLevel) + shaped * (Double(maximum) - Double(contactLevel))
        return Int32(value.rounded())
    }
}
