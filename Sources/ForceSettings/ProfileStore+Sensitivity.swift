import ForceCore

/// The sensitivity settings of profile files: `sensitivity` (`"light"`, `"medium"`, `"firm"`)
/// and `touchDuration` (`"fast"`, `"slow"`), in a profile for the devices it matches, or at the
/// top of a file for every device:
/// ```json
/// {
///   "sensitivity": "light",
///   "touchDuration": "slow",
///   "profiles": [ { "match": { "name": "Wacom*" }, "sensitivity": "firm" } ]
/// }
/// ```
/// A file's top-level settings sit under its own profiles (as a profile that matches every device,
/// listed first), and layers stack as for calibration: a higher layer's top-level setting wins
/// over a lower layer's profile. Without any, the defaults are `medium` and `fast`
/// (`TouchSensitivity.standard`).
extension ProfileStore {
    /// The sensitivity for `device`: each setting from the highest matching profile that sets it,
    /// else from `base`.
    public func sensitivity(for device: DeviceDescription, over base: TouchSensitivity = .standard) -> TouchSensitivity {
        let profiles = matching(device)
        return TouchSensitivity(
            force: profiles.last(where: { $0.sensitivity != nil })?.sensitivity ?? base.force,
            touchDuration: profiles.last(where: { $0.touchDuration != nil })?.touchDuration ?? base.touchDuration)
    }

    /// The keys a file may have at its top level.
    static let fileKeys: Set<String> = ["profiles", "sensitivity", "touchDuration", "comment"]
}
