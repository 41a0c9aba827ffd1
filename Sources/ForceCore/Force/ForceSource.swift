/// What drives a touch's force and a device's interactions.
///
/// Most Linux touchscreens have no pressure axis; force then comes from contact size (an
/// estimate) or, with neither, from how long a touch is held still (Apple's *Haptic Touch*).
/// The source is reported wherever force is, so that nobody mistakes an estimate for a
/// measurement.
public enum ForceSource: String, Hashable, Sendable, CaseIterable {
    /// A pressure axis (`ABS_MT_PRESSURE` or `ABS_PRESSURE`): measured.
    case pressure
    /// Contact size (`ABS_MT_TOUCH_MAJOR`, or `ABS_MT_WIDTH_MAJOR`), calibrated like pressure:
    /// an estimate, so a touch held still also progresses by the Haptic Touch timing.
    case contactSize
    /// Neither: interactions progress with the time a touch is held still (Haptic Touch).
    case duration
}
