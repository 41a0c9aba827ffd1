import ArgumentParser
import ForceCommandLine
import ForceSettings
import ForceTerminalUI

/// `forcebridge list`: every event device, what it is, and whether ForceBridge can use it.
struct ListCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List input devices: kind, pressure range (or what drives force without it), slots, haptics, and whether you may open them.",
        discussion: """
            Touch, tablet and haptic devices are opened read-only to read their axis ranges; \
            keyboards and mice are listed but never opened.
            """
    )

    /// `list --format`'s values.
    enum Formats: OutputFormats {
        static let formats: [(format: OutputFormat, description: String)] = [
            (.text, "A block of text per device."),
            (.jsonl, "One JSON object per device, one per line."),
        ]
        static let abstract = "Output format (--json: the same as --format jsonl)."
    }

    @OptionGroup var output: FormatOptionWithJSONFlag<Formats>

    @OptionGroup var profileOptions: ProfileOptions

    func run() throws {
        // A broken profile file must not hide the devices: list them with the other layers.
        let store: ProfileStore
        do {
            store = try profileOptions.profileStore()
        } catch {
            Console.error("forcebridge: warning: \(error); force ranges below ignore your profiles")
            store = ProfileOptions.emptyStore()
        }
        let listings = DeviceListing.listings { store.calibration(for: $0) }
        let json = output.format == .jsonl
        Console.write(lines: listings.isEmpty && !json ? [DeviceListing.noDevices] : listings.map { json ? $0.jsonLine : $0.text })
    }
}
