import ArgumentParser
import ForceCommandLine
import ForceSession
import ForceSystem
import Glibc
import ForceCore
import ForceDevices
import ForceTerminalUI

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

    /// `monitor --format`'s values.
    enum Formats: OutputFormats {
        static let formats: [(format: OutputFormat, description: String)] = [
            (.text, "Force bars per touch and the interaction state, redrawn in place."),
            (.jsonl, "One JSON object per line, marked with the device's node."),
            (.summary, "Each device's summary line, when it goes away or monitoring stops."),
        ]
        static let pipedFormat: OutputFormat? = .jsonl
    }

    @Argument(help: ArgumentHelp("A device node (/dev/input/event5) or part of a device name; default: the first touch or tablet device.", valueName: "DEVICE"))
    var device: String?

    @Flag(help: "Monitor every touch and tablet device, including ones plugged in later.")
    var all = false

    @OptionGroup var output: FormatOption<Formats>

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
        let format = output.resolved(outputIsTerminal: Terminal.isOutputTerminal).sessionReport
        var query: DeviceQuery?
        if let device {
            // Fail early and clearly when the device is wrong or not a touch device.
            let resolved = try DeviceQuery(argument: device).resolve(allowNonTouch: false)
            query = DeviceQuery(argument: resolved.node)
        }
        // Force bars redraw on their own schedule; jsonl goes out after each read.
        let calibration = self.calibration
        let monitor = try LiveMonitor(
            runtime: runtime, query: query, all: all, format: format, output: Console.output(flushesEachLine: format == .text),
            makePipeline: { try calibration.pipeline(for: $0, profiles: store) }, haptics: try haptics.open(on: runtime.loop),
            describe: CommandFailure.message(for:), reportError: { Console.error("forcebridge: \($0)") })
        monitor.start()
        try runtime.run()
        monitor.finish()
    }
}
