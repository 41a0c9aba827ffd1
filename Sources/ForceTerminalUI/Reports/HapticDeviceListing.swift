import ForceCore
import ForceDevices
import ForceSession

/// One force-feedback device as `haptic list` reports it: its effects, slots, motors, gain and
/// whether you may use it; as a block of text or one JSON line.
package struct HapticDeviceListing {
    /// What `haptic list` says when there are no force-feedback devices.
    package static let noDevices = "No force-feedback device found: no event device has EV_FF with rumble or periodic effects. "
        + "Phone vibrators, gamepads and some haptic touchpads have them; 'forcebridge list' shows every input device."

    /// The device.
    package var device: InputDeviceInfo

    package init(device: InputDeviceInfo) {
        self.device = device
    }

    /// The device's block of text.
    package var text: String {
        let capabilities = HapticCapabilities(device.description)
        let configuration = HapticEngineConfiguration().calibrated(for: device)
        let tuning = configuration.tuning(for: capabilities)
        let calibration = configuration.deviceCalibration
        var lines = ["\(device.node): \"\(device.description.name)\""]
        lines.append("    effects: \(capabilities.summary)")
        lines.append("    slots: " + (device.isOpened ? "\(capabilities.effectSlots)" : "unknown (device not opened)"))
        lines.append("    motors: \(capabilities.motorLayout == .dual ? "two (heavy and light)" : "one"); shortest pulse \(tuning.minimumDuration) ms"
            + (calibration.minimumDurationMilliseconds != nil ? " (hwdb)" : ""))
        if let strength = calibration.strength { lines.append("    strength: \(strength) (hwdb)") }
        switch device.access {
        case .readWrite: lines.append("    access: read and write")
        case .readOnly: lines.append("    access: read only — playing haptics needs write access; install \(DeviceError.rulesFile) ('sudo forcebridge udev install')")
        case .denied: lines.append("    access: none — \(device.access.problem(classification: device.classification) ?? "")")
        }
        return lines.joined(separator: "\n")
    }

    /// The device as one JSON object.
    package var jsonLine: String {
        let capabilities = HapticCapabilities(device.description)
        var line = JSONLine()
        line.string("node", device.node)
        line.string("name", device.description.name)
        line.bool("rumble", capabilities.supportsRumble)
        line.bool("periodic", capabilities.supportsPeriodic)
        line.raw("waveforms", "[" + capabilities.waveforms.sorted().map { JSONText.quoted($0.kernelName) }.joined(separator: ",") + "]")
        line.bool("gain", capabilities.supportsGain)
        line.int("effectSlots", device.isOpened ? capabilities.effectSlots : nil)
        line.string("motors", capabilities.motorLayout.rawValue)
        let configuration = HapticEngineConfiguration().calibrated(for: device)
        line.int("minimumDuration", configuration.tuning(for: capabilities).minimumDuration)
        line.number("strength", configuration.deviceCalibration.strength ?? 1)
        switch device.access {
        case .readWrite: line.string("access", "read-write")
        case .readOnly: line.string("access", "read-only")
        case .denied: line.string("access", "none")
        }
        return line.line
    }
}
