import ForceCore

/// Chooses which device of a multi-device recording to replay when the user does not say.
public enum DeviceSelection {
    /// The first touchscreen or tablet; else the first touchpad; else the first device.
    /// Keyboards and other devices recorded alongside are skipped.
    public static func defaultIndex(in devices: [DeviceDescription]) -> Int {
        if let index = devices.firstIndex(where: { $0.kind == .touchscreen || $0.kind == .tablet }) { return index }
        if let index = devices.firstIndex(where: { $0.kind == .touchpad }) { return index }
        return 0
    }
}
