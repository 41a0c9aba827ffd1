import ForceCore

extension DeviceDiscovery {
    /// The event devices that can vibrate: force feedback with rumble or periodic effects.
    package static func hapticDevices() -> [InputDeviceInfo] {
        enumerate().filter { HapticCapabilities($0.description).canVibrate && $0.description.hasForceFeedback }
    }
}
