/// The user's settings for preview interactions, like iOS's *3D & Haptic Touch* settings: how
/// firmly a touch must press where force is measured or estimated, and how long it must be held
/// where it is not measured (without force, or with force estimated from contact size). Profiles
/// set them per device or for every device; the defaults are `medium` and `fast`.
public struct TouchSensitivity: Hashable, Sendable {
    /// How firmly a touch must press (scales the force thresholds).
    public var force: ForceSensitivity
    /// How long a touch must be held still (chooses the Haptic Touch timing).
    public var touchDuration: TouchDuration

    /// The defaults: `medium` force, `fast` touch duration.
    public static let standard = TouchSensitivity()

    /// Creates settings.
    public init(force: ForceSensitivity = .standard, touchDuration: TouchDuration = .standard) {
        self.force = force
        self.touchDuration = touchDuration
    }
}
