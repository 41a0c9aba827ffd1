/// The absolute axis a multitouch device reports contact size on: `ABS_MT_TOUCH_MAJOR`, or
/// `ABS_MT_WIDTH_MAJOR` where that is all there is (the approaching tool's width, which some
/// controllers report instead). A fingertip flattens as it presses, so contact size estimates
/// force on devices without pressure.
public struct ContactSizeAxis: Hashable, Sendable {
    /// `ABS_MT_TOUCH_MAJOR` or `ABS_MT_WIDTH_MAJOR`.
    public var code: EventCode
    /// The axis range.
    public var info: AxisInfo

    /// The contact size axis of `device`, nil when it is not a multitouch device or reports no
    /// contact size with a usable range.
    public init?(device: DeviceDescription) {
        guard device.isMultitouch else { return nil }
        for code in [AbsCode.mtTouchMajor, AbsCode.mtWidthMajor] {
            if let info = device.axis(code), info.maximum > info.minimum {
                self.code = code
                self.info = info
                return
            }
        }
        return nil
    }

    /// The kernel name of the axis.
    public var name: String { EventCodeNames.name(type: .abs, code: code) }
}
