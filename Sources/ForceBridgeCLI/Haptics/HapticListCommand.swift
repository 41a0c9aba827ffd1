import ArgumentParser
import ForceCore
import ForceDevices
import ForceSession

/// `forcebridge haptic list`: the devices that can play haptics, what they support, and access.
struct HapticListCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List force-feedback devices: effect types, slots, gain, motors, and whether you may use them."
    )

    @Flag(help: "One JSON object per device, one per line.")
    var json = false

    func run() throws {
        let devices = HapticDeviceResolver.candidates()
        let output = Console.output()
        if devices.isEmpty {
            if !json {
                output.line("No force-feedback device found: no event device has EV_FF with rumble or periodic effects. "
                    + "Phone vibrators, gamepads and some haptic touchpads have them; 'forcebridge list' shows every input device.")
            }
            output.flush()
            return
        }
        for device in devices { output.line(json ? jsonLine(device) : textBlock(device)) }
        output.flush()
    }

    private func textBlock(_ device: InputDeviceInfo) -> String {
        let capabilities = HapticCapabilities(device.description)
        let configuration = HapticDeviceResolver.configuration(HapticEngineConfiguration(), for: device)
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
        case .denied: lines.append("    access: none — \(DeviceErrorAdvice.accessProblem(device.access, classification: device.classification) ?? "")")
        }
        return lines.joined(separator: "\n")
    }

    private func jsonLine(_ device: InputDeviceInfo) -> String {
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
        let configuration = HapticDeviceResolver.configuration(HapticEngineConfiguration(), for: device)
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
