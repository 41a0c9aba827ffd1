import ArgumentParser
import ForceCommandLine
import ForceCore
import ForceDevices
import ForceTerminalUI

/// `forcebridge haptic play`: plays one feedback style or an AHAP pattern and waits for it to end.
struct HapticPlayCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play a feedback style or an AHAP pattern on a force-feedback device.",
        discussion: """
            WHAT is one of: impact [light|medium|heavy|soft|rigid], notification success|warning|error, \
            selection, or an AHAP file (Apple's haptic pattern JSON). The whole pattern is uploaded \
            first and started with one write; the kernel times its events. A pattern with events \
            after 32.767 s (the kernel's limit) plays in parts of 30 s, each started on time by a \
            timer and uploaded while the part before plays. The command waits for \
            the pattern to end; Ctrl-C or SIGTERM stops the motor and erases the effects at once \
            (and if the process is killed, the kernel erases them when it closes the device).
            """
    )

    @Argument(help: ArgumentHelp("impact STYLE | notification TYPE | selection | FILE.ahap", valueName: "WHAT"))
    var what: [String]

    @Option(help: ArgumentHelp("A device node or part of a device name; default: the first force-feedback device you may write to.", valueName: "DEVICE"))
    var device: String?

    @Option(help: ArgumentHelp("For impacts: intensity 0 to 1 (UIKit's impactOccurred(intensity:)).", valueName: "0...1"))
    var intensity: Double = 1

    @OptionGroup var engineOptions: HapticEngineOptions

    /// `-v`/`--verbose` (the shared logging flag): print the kernel effects uploaded and played,
    /// part by part for long patterns.
    var verbose: Bool { logging.verbose > 0 }

    func validate() throws {
        guard intensity.isFinite, (0...1).contains(intensity) else { throw ValidationError("--intensity must be between 0 and 1.") }
    }

    func run() throws {
        let play = try HapticPlay()
        let request = try feedbackRequest()
        let info = try HapticDeviceResolver.resolve(device)
        let engine: HapticEngine
        do {
            engine = try HapticEngine.open(path: info.node, configuration: engineOptions.configuration.calibrated(for: info))
        } catch {
            throw CommandFailure("\(error)")
        }
        defer { engine.close() }
        try CommandFailure.reporting {
            try play.play(request, on: engine, node: info.node, name: info.description.name, verbose: verbose, output: Console.output(flushesEachLine: true))
        }
        if let caught = play.caughtSignal {
            engine.close()
            Console.error("forcebridge: interrupted; the motor was stopped and the effects erased.")
            throw ExitCode(128 + caught)
        }
    }

    /// What `WHAT` names; an AHAP file is read and decoded, and its warnings reported.
    private func feedbackRequest() throws -> FeedbackRequest {
        do {
            let (request, warnings) = try FeedbackRequest.load(what, intensity: intensity)
            for warning in warnings { Console.error("forcebridge: \(warning)") }
            return request
        } catch .neither(let word) {
            throw CommandFailure("\(FeedbackRequest.LoadError.neither(word)); an AHAP pattern is played with 'forcebridge haptic play FILE.ahap'.")
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
