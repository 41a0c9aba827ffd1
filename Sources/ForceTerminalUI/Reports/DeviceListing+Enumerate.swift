import ForceCore
import ForceDevices

extension DeviceListing {
    /// A listing of each of `devices` (by default every input device there is), each opened
    /// touch or tablet device with its force model (calibrated by `calibration`: hwdb settings
    /// and profiles applied), twins and their originals marked.
    package static func listings(of devices: [InputDeviceInfo] = DeviceDiscovery.enumerate(),
                                 calibration: (DeviceDescription) -> ForceCalibration) -> [DeviceListing] {
        let twins = TwinRole.roles(in: devices)
        return devices.map { device in
            let model = device.isOpened && device.isForceBridgeDevice && device.kind != .other
                ? ForceModel(device: device.description, calibration: calibration(device.description)) : nil
            return DeviceListing(device: device, model: model, twinRole: twins[device.node])
        }
    }
}
