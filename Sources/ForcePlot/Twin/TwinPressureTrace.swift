import ForceCore

/// A recorded session's pressure as the device reported it and as its twin would have written it
/// (`PressureFrameRewriter`), frame by frame: what `plot --twin` draws. A pen's (or single-touch
/// screen's) `ABS_PRESSURE`; on a multitouch screen, the contact in slot 0.
public struct TwinPressureTrace: Sendable {
    /// One frame.
    public struct Sample: Hashable, Sendable {
        /// Seconds since the session's first event.
        public var time: Double
        /// The device's pressure after the frame.
        public var raw: Int32
        /// The twin's pressure after the frame.
        public var twin: Int32
        /// Whether the twin's tip (or slot 0's contact) was down after the frame.
        public var isDown: Bool
    }

    /// The device.
    public let device: DeviceDescription
    /// The pressure axis drawn.
    public let axis: PressureAxis
    /// The samples, one per frame.
    public private(set) var samples: [Sample] = []
    private var rewriter: PressureFrameRewriter
    private var start: Int64?
    private var raw: Int32
    private var twin: Int32
    private var rawSlot: Int32 = 0
    private var contactDown = false

    /// A trace of `device` through a twin shaped by `profile`; nil for a device that is not twinned.
    public init?(device: DeviceDescription, profile: PressureProfile) {
        guard let rewriter = PressureFrameRewriter(device: device, profile: profile), let axis = device.pressureAxis else { return nil }
        self.device = device
        self.axis = axis
        self.rewriter = rewriter
        raw = axis.info.value
        twin = axis.info.minimum
        rawSlot = device.axis(AbsCode.mtSlot)?.value ?? 0
    }

    /// The profile the twin used.
    public var profile: PressureProfile { rewriter.profile }
    /// The twin's levels at the end of the session (the offset as learned by then).
    public var mapping: PressureMapping { rewriter.mapping }
    /// Whether the device goes down by its tip (a pen), rather than by contacts.
    public var readsTip: Bool { axis.code == AbsCode.pressure }

    /// Takes the session's next event.
    public mutating func take(_ event: InputEvent) {
        if start == nil { start = event.time }
        if event.type == .abs {
            if event.code == AbsCode.mtSlot { rawSlot = event.value }
            if event.code == axis.code && (readsTip || rawSlot == 0) { raw = event.value }
            if event.code == AbsCode.mtTrackingID && rawSlot == 0 { contactDown = event.value >= 0 }
        }
        guard rewriter.process(event) else { return }
        var slot: Int32 = rawSlot
        for written in rewriter.frame where written.type == .abs {
            if written.code == AbsCode.mtSlot { slot = written.value }
            if written.code == axis.code && (readsTip || slot == 0) { twin = written.value }
        }
        samples.append(Sample(time: Double(event.time - (start ?? event.time)) / 1_000_000, raw: raw, twin: twin,
                              isDown: readsTip ? rewriter.isTipDown : contactDown))
    }
}
