import ForceCore
import Logging

/// What a device's input pipeline is made with: the profiles in effect, and the thresholds and
/// *3D & Haptic Touch* settings given for one run (the command line's), which win over theirs.
public struct PipelineSettings: Sendable {
    /// The profiles in effect.
    public var profiles: ProfileStore
    /// The interaction thresholds for every device; nil: the profiles', else the defaults.
    public var thresholds: PreviewThresholds?
    /// How firmly to press; nil: the profiles', else the default.
    public var sensitivity: ForceSensitivity?
    /// How long to hold still without force; nil: the profiles', else the default.
    public var touchDuration: TouchDuration?

    /// Settings over `profiles`.
    public init(profiles: ProfileStore, thresholds: PreviewThresholds? = nil, sensitivity: ForceSensitivity? = nil,
                touchDuration: TouchDuration? = nil) {
        self.profiles = profiles
        self.thresholds = thresholds
        self.sensitivity = sensitivity
        self.touchDuration = touchDuration
    }

    /// The thresholds for `device`.
    public func thresholds(for device: DeviceDescription) -> PreviewThresholds {
        thresholds ?? profiles.thresholds(for: device)
    }

    /// The sensitivity and touch duration for `device`.
    public func sensitivity(for device: DeviceDescription) -> TouchSensitivity {
        var result = profiles.sensitivity(for: device)
        if let sensitivity { result.force = sensitivity }
        if let touchDuration { result.touchDuration = touchDuration }
        return result
    }

    /// A pipeline for `device` with the calibration, thresholds and sensitivity these settings
    /// choose; logs at `debug` on `logger` which profile layers apply to it.
    public func pipeline(for device: DeviceDescription, logger: Logger) -> InputPipeline {
        if logger.logLevel <= .debug {
            // Which layers hold a profile for the device (layer numbers as logged when loaded).
            let layers = profiles.layers.indices.filter { index in profiles.layers[index].contains { $0.match.matches(device) } }
            logger.debug("profiles applied", metadata: [
                "device": "\(device.name)", "layers": "\(layers.isEmpty ? "none" : layers.map { String($0 + 1) }.joined(separator: ","))",
                "profiles": "\(profiles.matching(device).count)",
                "thresholds": "\(thresholds == nil ? "profiles" : "--thresholds")",
            ])
        }
        return InputPipeline(
            device: device,
            calibration: profiles.calibration(for: device),
            thresholds: thresholds(for: device),
            sensitivity: sensitivity(for: device))
    }
}
