import ForceCore

/// A profile's twin settings: whether its devices get a twin (a uinput copy whose pressure goes
/// through the device's calibration, `forcebridge twin`), and where its tip goes down and its
/// output saturates. The resting offset and the curve are the profile's own (`restingOffset`,
/// `learnsRestingOffset`, `curve`), shared with ForceBridge's force. In a profile file:
/// ```json
/// { "match": { "name": "Wacom Bamboo*" }, "twin": true, "twinTip": 0.03, "twinFull": 0.85,
///   "curve": { "bezier": [0.2, 0.1, 0.8, 0.9] } }
/// ```
/// `twinTip` is a fraction of the axis range above the resting offset, `twinFull` a fraction of
/// the axis range (see `PressureProfile`). Each setting comes from the highest matching profile
/// that gives it; without any, `PressurePreset.medium`'s.
public struct TwinSettings: Hashable, Sendable {
    /// Whether the service twins the device (`forcebridge serve` with the profile in effect).
    public var enabled: Bool?
    /// The tip threshold above the resting offset, a fraction 0...1 of the range.
    public var tip: Double?
    /// The full-pressure point, a fraction of the range (above 0, at most 1).
    public var full: Double?

    /// Settings; nil fields leave lower layers in place.
    public init(enabled: Bool? = nil, tip: Double? = nil, full: Double? = nil) {
        self.enabled = enabled
        self.tip = tip
        self.full = full
    }

    /// Whether nothing is set.
    public var isEmpty: Bool { enabled == nil && tip == nil && full == nil }
}

extension ProfileStore {
    /// The keys of a profile's twin settings.
    static let twinKeys: Set<String> = ["twin", "twinTip", "twinFull"]

    /// The pressure profile of `device`'s twin: the resting offset and curve of its calibration
    /// (hwdb, then profiles), the tip and full-pressure point of its profiles' twin settings, the
    /// rest from `PressurePreset.medium`.
    public func pressureProfile(for device: DeviceDescription) -> PressureProfile {
        let calibration = self.calibration(for: device, over: .defaults(for: device.kind))
        let profiles = matching(device)
        var profile = PressurePreset.medium.profile()
        profile.restingOffset = calibration.restingOffset
        profile.learnsRestingOffset = calibration.learnsRestingOffset ?? false
        if let curve = calibration.curve, curve.isValid { profile.curve = curve }
        if let tip = profiles.last(where: { $0.twin?.tip != nil })?.twin?.tip { profile.tip = tip }
        if let full = profiles.last(where: { $0.twin?.full != nil })?.twin?.full { profile.full = full }
        return profile
    }

    /// Whether the profiles ask for `device` to be twinned by the service.
    public func twinIsEnabled(for device: DeviceDescription) -> Bool {
        matching(device).last(where: { $0.twin?.enabled != nil })?.twin?.enabled ?? false
    }
}

extension ForceCalibration {
    /// The calibration of a twin's pressure, which its twin already calibrated: no resting offset
    /// (none learned), a linear curve and the default tip levels, which a twin's output puts the
    /// tip across exactly where its profile said (`PressureMapping.readerTipLevel`). Applying the
    /// original's offset and curve again would count them twice.
    public func forTwin() -> ForceCalibration {
        var calibration = self
        calibration.restingOffset = nil
        calibration.learnsRestingOffset = false
        calibration.curve = .linear
        calibration.tipDownThreshold = 0.05
        calibration.tipUpThreshold = 0.01
        return calibration
    }
}
