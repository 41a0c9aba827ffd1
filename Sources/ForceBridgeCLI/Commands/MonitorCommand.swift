import ArgumentParser
import ForceSession
import ForceSystem
import Glibc
import ForceCore
import ForceDevices
import ForceSettings

/// `forcebridge monitor`: live touches, force and interaction state from real devices.
struct MonitorCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Show live per-touch force and the interaction state of touch and tablet devices.",
        discussion: """
            Shows force bars on a terminal and one JSON object per line when the output is piped; \
            --format summary prints only each device's summary line when it goes away or monitoring \
            stops (the cheapest output, for measuring). On a touchscreen without pressure or \
            contact size, a touch held still previews and commits (Haptic Touch; \
            --touch-duration). \
            Keeps running when a device is unplugged: its touches and interaction are cancelled, and \
            monitoring resumes when it comes back. Stop with Ctrl-C.
            """
    )

    typealias Format = OutputFormat

    @Argument(help: ArgumentHelp("A device node (/dev/input/event5) or part of a device name; default: the first touch or tablet device.", valueName: "DEVICE"))
    var device: String?

    @Flag(help: "Monitor every touch and tablet device, including ones plugged in later.")
    var all = false

    @Option(help: "text (force bars), jsonl or summary; default: text on a terminal, jsonl otherwise.")
    var format: Format?

    @OptionGroup var calibration: CalibrationOptions

    @OptionGroup var haptics: HapticsOption

    func validate() throws {
        if all && device != nil { throw ValidationError("Give a DEVICE or --all, not both.") }
    }

    func run() throws {
        // Signals first, before any other thread exists, so that every thread inherits the mask.
        let runtime = try SessionRuntime()
        runtime.returnsWhenIdle = false
        try runtime.loop.handleSignals([SIGINT, SIGTERM]) { _ in runtime.interrupt() }
        let store = try calibration.profileStore()
        let chosenFormat = format ?? (Terminal.isOutputTerminal ? .text : .jsonl)
        var selection: DeviceSelection?
        if let device {
            // Fail early and clearly when the device is wrong or not a touch device.
            let resolved = try DeviceSelection(argument: device).resolve(allowNonTouch: false)
            selection = DeviceSelection(argument: resolved.node)
        }
        let monitor = try LiveMonitor(
            runtime: runtime, selection: selection, all: all, format: chosenFormat,
            profiles: store, calibration: calibration, haptics: try haptics.open(on: runtime.loop))
        monitor.start()
        try runtime.run()
        monitor.finish()
    }
}
