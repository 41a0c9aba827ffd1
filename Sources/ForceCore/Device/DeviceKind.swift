/// What sort of device produced the events, as far as force interactions care.
public enum DeviceKind: String, Hashable, Sendable, CaseIterable {
    /// A direct-touch screen (`ID_INPUT_TOUCHSCREEN`).
    case touchscreen
    /// A pen tablet or a screen with a stylus (`ID_INPUT_TABLET`).
    case tablet
    /// An indirect touch surface (`ID_INPUT_TOUCHPAD`).
    case touchpad
    /// Anything else: keyboards, mice, joysticks, haptic-only devices, unknown devices.
    case other
}
