import ForceCore

extension HapticEngineConfiguration {
    /// This configuration with `device`'s own calibration from its udev properties (the hwdb's
    /// `FORCEBRIDGE_HAPTIC_*`) underneath.
    package func calibrated(for device: InputDeviceInfo) -> HapticEngineConfiguration {
        var configuration = self
        configuration.deviceCalibration = UdevDeviceSettings(udevProperties: device.udevProperties).haptics
        return configuration
    }
}
