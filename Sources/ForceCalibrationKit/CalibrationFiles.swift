import FoundationEssentials
import ForceCore
import ForceRecording
import ForceSettings

/// Writes what a finished calibration produced into the user's configuration:
/// - the session as an evemu recording, `$XDG_CONFIG_HOME/forcebridge/calibrations/KIND-VENDOR-PRODUCT.evemu`,
///   so the result can be replayed and checked later (the previous one kept as `.bak`);
/// - the device's profile in `$XDG_CONFIG_HOME/forcebridge/profiles.json`, merged: the entry with
///   the same match is updated, every other entry kept, the previous file kept as `.bak`, the
///   new one written atomically (see `ProfileFileUpdate`).
///
/// Only finished sessions are written, so only devices a session accepts (never keyboards or mice).
public struct CalibrationFiles: Sendable {
    /// Why nothing (more) was written.
    public struct WriteError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What went wrong.
        public var message: String
        public var description: String { message }
    }

    /// What was written.
    public struct Report: Hashable, Sendable {
        /// The session recording.
        public var sessionPath: String
        /// The previous session recording, kept, if there was one.
        public var sessionBackupPath: String?
        /// The profile file update.
        public var profile: ProfileFileUpdate
    }

    /// The user's directories.
    public var directories: XDGDirectories

    /// Files in `directories` (the process's XDG directories by default).
    public init(directories: XDGDirectories = XDGDirectories()) {
        self.directories = directories
    }

    /// The user's profile file.
    public var profilesPath: String { directories.profilesFile.path }

    /// Where the session recording of `device` goes: named like the device's udev link
    /// (`tablet-056a-00d1.evemu`), or after its name when it has no ids.
    public func sessionPath(for device: DeviceDescription) -> String {
        directories.configuration.appendingPathComponent("calibrations").appendingPathComponent(Self.fileStem(for: device) + ".evemu").path
    }

    /// Where the hwdb entry of `device` is kept for the user, next to the session recording
    /// (`tablet-056a-00d1.hwdb`).
    public func hardwareDatabasePath(for device: DeviceDescription) -> String {
        directories.configuration.appendingPathComponent("calibrations").appendingPathComponent(Self.fileStem(for: device) + ".hwdb").path
    }

    /// The name of the system hwdb file (in `/etc/udev/hwdb.d`) a device's entry is installed
    /// as: one file per device, so that installing never edits another device's entry
    /// (`71-forcebridge-tablet-056a-00d1.hwdb`).
    public static func systemHardwareDatabaseFileName(for device: DeviceDescription) -> String {
        "71-forcebridge-\(fileStem(for: device)).hwdb"
    }

    /// `KIND-VENDOR-PRODUCT` in lowercase hex (`tablet-056a-00d1`), or `KIND-NAME` made of the
    /// name's letters and digits when the device has no ids.
    public static func fileStem(for device: DeviceDescription) -> String {
        let id = device.id
        let identity: String
        if id.vendor != 0 || id.product != 0 {
            identity = "\(InputModalias.hex(id.vendor))-\(InputModalias.hex(id.product))".lowercased()
        } else {
            let slug = device.name.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" }
            identity = String(slug).split(separator: "-").joined(separator: "-")
        }
        return "\(device.kind.rawValue)-\(identity.isEmpty ? "device" : identity)"
    }

    /// Writes `entry` for `device` at `hardwareDatabasePath(for:)`, keeping the previous one as
    /// `.bak`; returns the path.
    public func writeHardwareDatabaseEntry(_ entry: HardwareDatabaseEntry, for device: DeviceDescription) throws -> String {
        let path = hardwareDatabasePath(for: device)
        try SettingsFile.createFolder(for: path)
        _ = try SettingsFile.backUp(path)
        try SettingsFile.write(entry.text, to: path)
        return path
    }

    /// Writes the recording and the profile of a finished `session`.
    public func write(_ session: CalibrationSession) throws -> Report {
        guard let result = session.result else {
            throw WriteError(message: "the calibration is not finished: nothing was written")
        }
        let recording = try writeRecording(of: session.events, device: result.device)
        let profile = try writeProfile(result, sessionPath: recording.path)
        return Report(sessionPath: recording.path, sessionBackupPath: recording.backup, profile: profile)
    }

    /// Writes `events` of `device` as an evemu recording at `sessionPath(for:)`, keeping the
    /// previous one as `.bak`.
    public func writeRecording(of events: [InputEvent], device: DeviceDescription) throws -> (path: String, backup: String?) {
        guard CalibrationAvailability(device: device).method != nil else {
            throw WriteError(message: "\"\(device.name)\" is not a device ForceBridge calibrates: nothing was recorded")
        }
        let path = sessionPath(for: device)
        try SettingsFile.createFolder(for: path)
        let backup = try SettingsFile.backUp(path)
        let writer = try EvemuWriter(path: path, description: device)
        try writer.write(contentsOf: events)
        try writer.close()
        return (path, backup)
    }

    /// Puts `result`'s profile into the user's profile file, with a comment saying how it was
    /// measured and where the session recording is.
    public func writeProfile(_ result: CalibrationResult, sessionPath: String? = nil) throws -> ProfileFileUpdate {
        let session = sessionPath.map { "; session: \($0)" } ?? ""
        return try ProfileFileUpdate.apply(result.profile, comment: result.summary + session, toFileAt: profilesPath)
    }
}
