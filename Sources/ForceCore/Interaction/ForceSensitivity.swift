/// How firmly a touch must press to drive a force interaction, like iOS's *3D Touch sensitivity*:
/// a user setting that scales the force thresholds (`PreviewThresholds`) of every device whose
/// force is measured or estimated (`ForceSource.pressure`, `.contactSize`).
///
/// The scales, applied to `begin`, `previewEnd`, `commitEnd` and `hysteresis` before the
/// thresholds are fitted to a device's `maximumPossibleForce`:
///
/// | sensitivity | scale | standard thresholds (begin, preview end, commit end) |
/// |---|---|---|
/// | `light` | 0.7 | 0.7, 1.4, 2.1 |
/// | `medium` (the default) | 1.0 | 1.0, 2.0, 3.0 |
/// | `firm` | 1.4 | 1.4, 2.8, 4.2 |
///
/// On a device whose range cannot hold the scaled thresholds (commit above 90 % of
/// `maximumPossibleForce`), fitting scales them down again, so a full press still commits: a
/// pen with `maximumPossibleForce` 4.17 uses 1.25, 2.5, 3.75 for `firm`. Apple does not publish
/// its factors; these keep `light` and `firm` about as far from `medium` on either side.
public enum ForceSensitivity: String, Hashable, Sendable, CaseIterable {
    /// A lighter press begins, peeks and commits.
    case light
    /// The standard thresholds.
    case medium
    /// A firmer press is needed.
    case firm

    /// The default: `medium`.
    public static let standard = ForceSensitivity.medium

    /// The factor applied to the force thresholds.
    public var thresholdScale: Double {
        switch self {
        case .light: return 0.7
        case .medium: return 1
        case .firm: return 1.4
        }
    }
}
