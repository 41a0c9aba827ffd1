import FoundationEssentials
import ForceCore

/// What putting one device's profile into a profile file did.
public struct ProfileFileUpdate: Hashable, Sendable {
    /// The profile file.
    public var path: String
    /// Where the previous version was kept, nil when there was no file before.
    public var backupPath: String?
    /// Whether the profile was added or replaced an entry with the same match.
    public var change: ProfileDocument.Change

    /// Sets `profile` in the profile file at `path` (creating the file and its folder if needed):
    /// the entry with the same match is updated, every other entry is kept, the previous file is
    /// kept as `path.bak`, and the new file replaces it atomically.
    ///
    /// Nothing is written when the existing file is not a valid profile file (the error says
    /// where, so the user can fix it first), or when the result would not load.
    @discardableResult
    public static func apply(_ profile: DeviceProfile, comment: String? = nil, toFileAt path: String) throws -> ProfileFileUpdate {
        var document = ProfileDocument(path: path)
        if let existing = try SettingsFile.contents(of: path) {
            do {
                _ = try ProfileStore.parse(Data(existing.utf8), path: path)
            } catch {
                var unfixed = error
                unfixed.message += "; fix this first (nothing was written)"
                throw unfixed
            }
            document = try ProfileDocument(text: existing, path: path)
        }
        let change = document.setProfile(profile, comment: comment)
        let text = document.text
        // The file must load as written, and give this device what was asked.
        let written = try ProfileStore.parse(Data(text.utf8), path: path)
        let entry: Int
        switch change {
        case .added(let at), .replaced(let at): entry = at
        }
        // The file's top-level settings come first, as a profile of their own.
        let index = entry + written.count - document.profileCount
        guard written.indices.contains(index), written[index].match == profile.match,
              profile.calibration.overriding(written[index].calibration) == written[index].calibration,
              profile.thresholds == nil || profile.thresholds == written[index].thresholds,
              profile.sensitivity == nil || profile.sensitivity == written[index].sensitivity,
              profile.touchDuration == nil || profile.touchDuration == written[index].touchDuration,
              Self.twin(profile.twin, readsBackAs: written[index].twin)
        else {
            throw ProfileError(path: path, keyPath: "profiles[\(entry)]", message: "the written profile does not read back as given (nothing was written)")
        }
        let backup = try SettingsFile.backUp(path)
        try SettingsFile.write(text, to: path)
        return ProfileFileUpdate(path: path, backupPath: backup, change: change)
    }

    /// Whether every twin setting `given` sets reads back the same from `written`.
    private static func twin(_ given: TwinSettings?, readsBackAs written: TwinSettings?) -> Bool {
        guard let given else { return true }
        return (given.enabled == nil || given.enabled == written?.enabled) && (given.tip == nil || given.tip == written?.tip)
            && (given.full == nil || given.full == written?.full)
    }
}
