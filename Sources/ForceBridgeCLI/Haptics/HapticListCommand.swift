import ArgumentParser
import ForceCommandLine
import ForceDevices
import ForceTerminalUI

/// `forcebridge haptic list`: the devices that can play haptics, what they support, and access.
struct HapticListCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List force-feedback devices: effect types, slots, gain, motors, and whether you may use them."
    )

    /// `haptic list --format`'s values.
    enum Formats: OutputFormats {
        static let formats: [(format: OutputFormat, description: String)] = [
            (.text, "A block of text per device."),
            (.jsonl, "One JSON object per device, one per line."),
        ]
        static let abstract = "Output format (--json: the same as --format jsonl)."
    }

    @OptionGroup var output: FormatOptionWithJSONFlag<Formats>

    func run() throws {
        let devices = DeviceDiscovery.hapticDevices()
        let output = Console.output()
        let json = self.output.format == .jsonl
        if devices.isEmpty && !json { output.line(HapticDeviceListing.noDevices) }
        for device in devices {
            let listing = HapticDeviceListing(device: device)
            output.line(json ? listing.jsonLine : listing.text)
        }
        output.flush()
    }
}
