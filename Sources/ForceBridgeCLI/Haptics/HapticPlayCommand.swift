import ArgumentParser
import ForceCore
import ForceDevices
import ForceSession
import ForceSystem
import Glibc

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
        // Signals first, before any thread exists, so that every thread inherits the blocked mask.
        let loop = try EventLoop()
        var caught: Int32?
        try loop.handleSignals([SIGINT, SIGTERM]) { [unowned loop] number in
            caught = number
            loop.stop()
        }
        let request: FeedbackRequest
        do {
            request = try FeedbackRequest(arguments: what, intensity: intensity)
        } catch let error as ValidationError {
            throw CommandFailure(error.message)
        }
        if case .file(let path, let document) = request {
            for warning in document.warnings { Console.error("forcebridge: \(path):\(warning)") }
        }
        let info = try HapticDeviceResolver.resolve(device)
        let engine: HapticEngine
        do {
            engine = try HapticEngine.open(path: info.node, configuration: HapticDeviceResolver.configuration(engineOptions.configuration, for: info))
        } catch {
            throw CommandFailure("\(error)")
        }
        defer { engine.close() }
        let output = Console.output(flushesEachLine: true)
        let sequencer = HapticSequencer(engine: engine, loop: loop)
        var failure: HapticDeviceError?
        sequencer.errorHandler = { [unowned loop] error in
            failure = error
            loop.stop()
        }
        let playback: HapticPlayback
        do {
            let parts = try engine.parts(for: request.pattern)
            if verbose {
                output.line("\(info.node) \"\(info.description.name)\": \(engine.device.capabilities.summary), \(engine.slotCapacity) slots, \(engine.renderer.effectType.rawValue) effects, pulses ≥ \(engine.renderer.tuning.minimumDuration) ms")
                printSchedule(parts, to: output)
            }
            playback = try sequencer.playPattern(request.pattern, priority: request.priority)
        } catch {
            throw CommandFailure(error)
        }
        guard case .started(_, let end) = playback else {
            output.line("Nothing to play: \(request.name) has no haptic events at a non-zero intensity and strength.")
            return
        }
        output.line("Playing \(request.name) on \(info.node) \"\(info.description.name)\" (\((Double(end - MonotonicClock.now()) / 1000).rounded() / 1000) s).")

        var lost = false
        if let deviceDescriptor = engine.device.fileDescriptor {
            try loop.watch(deviceDescriptor) { [unowned loop] in
                if !engine.handleDeviceActivity() {
                    lost = true
                    loop.unwatch(deviceDescriptor)
                    loop.stop()
                }
            }
        }
        try loop.run(until: max(end, MonotonicClock.now()) + 20_000)
        sequencer.stop()
        if lost { throw CommandFailure(HapticDeviceError.deviceLost(path: info.node)) }
        if let failure { throw CommandFailure(failure) }
        if let caught {
            engine.close()
            Console.error("forcebridge: interrupted; the motor was stopped and the effects erased.")
            throw ExitCode(128 + caught)
        }
    }

    /// The effects, and for a long pattern the parts they play in, with their start offsets.
    private func printSchedule(_ parts: [HapticPatternPart], to output: TextOutput) {
        guard parts.count > 1 else {
            for effect in parts.first?.effects ?? [] { output.line("  effect: \(effect)") }
            return
        }
        for (index, part) in parts.enumerated() {
            output.line("  part \(index + 1) of \(parts.count) \(part)")
            for effect in part.effects { output.line("    effect: \(effect)") }
        }
    }
}
