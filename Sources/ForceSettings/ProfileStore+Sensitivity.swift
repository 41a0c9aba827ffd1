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

    /// The top-level settings of a file as a profile that matches every device; nil when the file
    /// has none.
    static func everyDeviceProfile(_ object: [String: Any], path: String) throws -> DeviceProfile? {
        var profile = DeviceProfile(match: DeviceProfile.Match())
        try readSensitivity(object, into: &profile, path: path, keyPath: "")
        return profile.sensitivity == nil && profile.touchDuration == nil ? nil : profile
    }

    /// Reads `sensitivity` and `touchDuration` from `object` into `profile`.
    static func readSensitivity(_ object: [String: Any], into profile: inout DeviceProfile, path: String, keyPath: String) throws {
        profile.sensitivity = try choice(object, "sensitivity", path: path, keyPath: keyPath)
        profile.touchDuration = try choice(object, "touchDuration", path: path, keyPath: keyPath)
    }

    /// The value of `key`, one of `Choice`'s raw values, or nil when absent.
    static func choice<Choice: RawRepresentable & CaseIterable>(
        _ object: [String: Any], _ key: String, path: String, keyPath: String
    ) throws -> Choice? where Choice.RawValue == String {
        guard let value = object[key] else { return nil }
        if let text = value as? String, let choice = Choice(rawValue: text) { return choice }
        let names = Choice.allCases.map { "\"\($0.rawValue)\"" }
        let expected = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        throw ProfileError(
            path: path, keyPath: keyPath.isEmpty ? key : "\(keyPath).\(key)",
            message: "expected \(expected), found \(describe(value))")
    }
}
