/// How one device's vibration motor should be driven, as far as the hardware decides it: the
/// shortest vibration it makes perceptible and how strongly to play on it.
///
/// Every field is optional so that layers can be merged (the udev hwdb below, the user's settings
/// above; see `overriding(_:)`). A nil field means "no opinion": the haptics engine then uses its
/// own default. Values come validated from their sources (`UdevDeviceSettings` checks the ranges
/// below), so a consumer may rely on them being in range.
public struct HapticCalibration: Hashable, Sendable {
    /// The shortest effect, in milliseconds, that this motor makes felt. Shorter effects should be
    /// lengthened to it: phone vibrators need some milliseconds to spin up, so a 2 ms pulse that a
    /// gamepad renders is lost on them. Within `minimumDurationRange`.
    public var minimumDurationMilliseconds: Int?
    /// A scale applied to every effect's magnitude on this device, 0 (silent) to 1 (as designed),
    /// for motors that are too strong at full power. Within `strengthRange`.
    public var strength: Double?

    /// The valid minimum durations: at least 1 ms, and at most what the kernel's
    /// `ff_replay.length` holds (0x7FFF ms).
    public static let minimumDurationRange = 1...0x7FFF
    /// The valid strengths.
    public static let strengthRange = 0.0...1.0

    /// Creates a calibration; nil fields are filled in by lower layers or the engine's defaults.
    public init(minimumDurationMilliseconds: Int? = nil, strength: Double? = nil) {
        self.minimumDurationMilliseconds = minimumDurationMilliseconds
        self.strength = strength
    }

    /// This calibration with the gaps filled from `lower` (this one wins where both are set).
    public func overriding(_ lower: HapticCalibration) -> HapticCalibration {
        HapticCalibration(
            minimumDurationMilliseconds: minimumDurationMilliseconds ?? lower.minimumDurationMilliseconds,
            strength: strength ?? lower.strength)
    }

    /// Whether no field is set.
    public var isEmpty: Bool { minimumDurationMilliseconds == nil && strength == nil }
}
