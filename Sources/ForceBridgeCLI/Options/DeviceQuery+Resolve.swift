import ArgumentParser
import ForceCore
import ForceDevices

extension DeviceQuery {
    /// Resolves to exactly one device, or explains what went wrong.
    func resolve(allowNonTouch: Bool) throws -> InputDeviceInfo {
        let devices = DeviceDiscovery.enumerate()
        let found = matches(in: devices)
        if isPath && found.isEmpty {
            // Let the device layer say precisely what the path is (missing, not evdev, ...).
            _ = try EvdevDevice(path: argument)
            throw ValidationError("\(argument) is not an input event device known to udev.")
        }
        guard let device = found.first else {
            let names = devices.filter(\.isForceBridgeDevice).map { "\($0.node) \"\($0.description.name)\"" }
            throw ValidationError("No input device matches '\(argument)'. "
                + (names.isEmpty ? "No touch, tablet or haptic device is present." : "Touch, tablet and haptic devices: \(names.joined(separator: ", ")).")
                + " 'forcebridge list' shows every device.")
        }
        if found.count > 1 {
            throw ValidationError("'\(argument)' matches several devices: \(found.map { "\($0.node) \"\($0.description.name)\"" }.joined(separator: ", ")). Name one by its node.")
        }
        if !allowNonTouch && !device.isForceBridgeDevice {
            throw AdvisedError(description: "\(device.node) (\"\(device.description.name)\") is a \(device.classification.kindName), "
                + "not a touch, tablet or haptic device; ForceBridge does not read it "
                + "(recording keyboards or mice would capture what is typed). Pass --allow-non-touch if you really mean to.")
        }
        return device
    }
}
