import ForceCore
import FoundationEssentials

extension ProfileFileUpdate {
    /// Writes `profile` as the twin settings of `device` into the profile file at `path`, with
    /// the twin on (`forcebridge twin --set --save`): the device's entry matches it by name and
    /// ids, its curve is the profile's (also ForceBridge's own force curve for it), its tip and
    /// full-pressure point the twin's.
    /// - Throws: a `ProfileError` as `apply(_:comment:toFileAt:)` does.
    @discardableResult
    public static func saveTwin(_ profile: PressureProfile, of device: DeviceDescription,
                                toFileAt path: String = XDGDirectories().profilesFile.path) throws -> ProfileFileUpdate {
        var entry = DeviceProfile(match: DeviceProfile.Match(device: device), calibration: ForceCalibration(curve: profile.curve))
        entry.twin = TwinSettings(enabled: true, tip: profile.tip, full: profile.full)
        return try apply(entry, toFileAt: path)
    }
}
