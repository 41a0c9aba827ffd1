import ArgumentParser
import ForceCore
import ForceSettings
import ForceSystem
import Logging

/// Options that choose the device profiles (force calibration) in effect.
package struct ProfileOptions: ParsableArguments {
    package init() {}

    @Option(name: .customLong("profile"), help: ArgumentHelp("A device profile file (JSON) layered over the user's own.", valueName: "FILE"))
    package var profiles: [String] = []

    @Flag(help: "Ignore the user's profile file ($XDG_CONFIG_HOME/forcebridge/profiles.json).")
    package var noUserProfile = false

    /// The profiles in effect. Invalid `FORCEBRIDGE_*` udev (hwdb) values of the devices it
    /// calibrates are reported on standard error.
    package func profileStore() throws -> ProfileStore {
        var store = Self.emptyStore()
        do {
            try store.loadLayers(userProfiles: !noUserProfile, files: profiles, logger: .profiles)
        } catch {
            throw ValidationError("\(error)")
        }
        return store
    }

    /// A store without profiles that reports invalid udev (hwdb) values on standard error.
    package static func emptyStore() -> ProfileStore {
        var store = ProfileStore()
        store.udevPropertyWarningHandler = { Console.error("forcebridge: warning: \($0)") }
        return store
    }
}

/// Options that choose force calibration and interaction thresholds.
package struct CalibrationOptions: ParsableArguments {
    package init() {}

    @OptionGroup package var profileOptions: ProfileOptions

    @Option(help: ArgumentHelp("Interaction thresholds in force units: BEGIN,PREVIEW_END,COMMIT_END (default 1,2,3).", valueName: "B,P,C"))
    package var thresholds: String?

    @OptionGroup(title: "Sensitivity") package var sensitivityOptions: SensitivityOptions

    /// The profiles in effect.
    package func profileStore() throws -> ProfileStore {
        try profileOptions.profileStore()
    }

    /// Whether any of these options was given, so that the calibration differs from the user's
    /// profiles as they are.
    package var isGiven: Bool {
        !profileOptions.profiles.isEmpty || profileOptions.noUserProfile || thresholds != nil
            || sensitivityOptions.sensitivity != nil || sensitivityOptions.touchDuration != nil
    }

    package func validate() throws {
        _ = try commandLineThresholds()
    }

    /// The settings pipelines are made with: `profiles` with these options over them.
    package func settings(profiles: ProfileStore) throws -> PipelineSettings {
        PipelineSettings(profiles: profiles, thresholds: try commandLineThresholds(),
                         sensitivity: sensitivityOptions.sensitivity, touchDuration: sensitivityOptions.touchDuration)
    }

    /// A pipeline for `device` with the calibration, thresholds and sensitivity these options
    /// choose.
    package func pipeline(for device: DeviceDescription, profiles: ProfileStore) throws -> InputPipeline {
        try settings(profiles: profiles).pipeline(for: device, logger: .profiles)
    }

    /// `--thresholds`, parsed and checked, or nil when not given.
    private func commandLineThresholds() throws -> PreviewThresholds? {
        do {
            return try thresholds.map { text throws(PreviewThresholds.TextError) in try PreviewThresholds(text: text) }
        } catch .notThreeNumbers {
            throw ValidationError("--thresholds expects three numbers BEGIN,PREVIEW_END,COMMIT_END, found '\(thresholds ?? "")'")
        } catch {
            throw ValidationError("--thresholds must satisfy 0 < BEGIN < PREVIEW_END < COMMIT_END, found '\(thresholds ?? "")'")
        }
    }
}
