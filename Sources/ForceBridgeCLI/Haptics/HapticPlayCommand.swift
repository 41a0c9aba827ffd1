import ArgumentParser
import ForceCore
import ForceDevices
import ForceSystem
import ForceTerminalUI
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
        let request = try feedbackRequest()
        let info = try HapticDeviceResolver.resolve(device)
        let engine: HapticEngine
        do {
            engine = try HapticEngine.open(path: info.node, configuration: engineOptions.configuration.calibrated(for: info))
        } catch {
            throw CommandFailure("\(error)")
        }
        defer { engine.close() }
        let output = Console.output(flushesEachLine: true)
        let sequencer = HapticSequencer(engine: engine, loop: loop)
        let playback: HapticPlayback
        do {
            if verbose {
                for line in try HapticScheduleReport(engine: engine, node: info.node, name: info.description.name, pattern: request.pattern).lines { output.line(line) }
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

        do {
            try sequencer.waitForEnd(end, on: loop)
        } catch HapticSequencer.Interruption.deviceLost {
            throw CommandFailure(HapticDeviceError.deviceLost(path: info.node))
        } catch HapticSequencer.Interruption.failed(let failure) {
            throw CommandFailure(failure)
        }
        if let caught {
            engine.close()
            Console.error("forcebridge: interrupted; the motor was stopped and the effects erased.")
            throw ExitCode(128 + caught)
        }
    }

    /// What `WHAT` names; an AHAP file is read and decoded, and its warnings reported.
    private func feedbackRequest() throws -> FeedbackRequest {
        let path: String
        do {
            switch try FeedbackRequest.parse(what, intensity: intensity) {
            case .feedback(let request): return request
            case .file(let named): path = named
            }
        } catch {
            throw CommandFailure(error.description)
        }
        let item = FileSystem.item(at: path)
        guard path.contains("/") || path.contains(".") || item != .missing else {
            throw CommandFailure("'\(path)' is neither a feedback (impact, notification, selection) nor a file; "
                + "an AHAP pattern is played with 'forcebridge haptic play FILE.ahap'.")
        }
        guard item == .file, let bytes = try? FileSystem.contents(of: path) else {
            throw CommandFailure("\(path): " + (item == .directory ? "is a folder, not an AHAP file" : item == .file ? "cannot be read (permission denied?)" : "no such file"))
        }
        let document: AHAPDocument
        do { document = try AHAPDocument(bytes: bytes) } catch { throw CommandFailure(error.inFile(path)) }
        for warning in document.warnings { Console.error("forcebridge: \(path):\(warning)") }
        return .pattern(path: path, document.pattern)
    }
}
