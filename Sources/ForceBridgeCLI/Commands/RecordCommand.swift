import ArgumentParser
import ForceCore
import ForceDevices
import ForceRecording
import ForceSystem
import Glibc

/// `forcebridge record`: captures a touch or tablet device to an evemu file.
struct RecordCommand: LoggingCommand {
    @OptionGroup(title: "Diagnostics") var logging: LoggingOptions

    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a touch, tablet or haptic device to an evemu file.",
        discussion: """
            The file is a valid recording after every frame, and after Ctrl-C or SIGTERM; it is \
            created readable by you only (mode 0600). Keyboards and mice are refused: a recording of \
            them would capture what is typed.
            """
    )

    @Argument(help: ArgumentHelp("A device node (/dev/input/event5) or part of a device name.", valueName: "DEVICE"))
    var device: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The evemu file to write.", valueName: "FILE"))
    var output: String

    @Option(help: ArgumentHelp("Stop after this many seconds.", valueName: "SECONDS"))
    var duration: Double?

    @Flag(help: "Allow recording a device that is not a touch, tablet or haptic device.")
    var allowNonTouch = false

    func validate() throws {
        if let duration, !(duration > 0) { throw ValidationError("--duration must be a positive number of seconds.") }
    }

    func run() throws {
        let loop = try EventLoop()
        try loop.handleSignals([SIGINT, SIGTERM]) { _ in loop.stop() }
        let info = try DeviceSelection(argument: device).resolve(allowNonTouch: allowNonTouch)
        let evdev = try EvdevDevice(path: info.node, mode: .readOnly)
        let writer: EvemuWriter
        do {
            writer = try EvemuWriter(path: output, description: evdev.description, permissions: 0o600)
        } catch let error as RecordingError {
            throw CommandFailure(error)
        }
        let sink = RecordingSink(writer: writer)
        var ending: String?
        guard let descriptor = evdev.fileDescriptor else { throw CommandFailure(DeviceError.deviceLost(path: info.node)) }
        try loop.watch(descriptor) {
            switch evdev.drain(into: sink) {
            case .drained:
                if let error = sink.error { ending = "\(error)"; loop.stop() }
            case .deviceLost:
                ending = "\(info.node) went away"
                loop.stop()
            case .failed(let code):
                ending = "reading \(info.node) failed: \(DeviceError.message(for: code))"
                loop.stop()
            }
        }
        Console.error("Recording \(info.node) \"\(evdev.description.name)\" to \(output)\(duration.map { " for \($0) s" } ?? ""); Ctrl-C stops.")
        let deadline = duration.map { MonotonicClock.now() + Int64($0 * 1000) * 1000 }
        try loop.run(until: deadline)
        loop.unwatch(descriptor)
        evdev.close()
        do { try writer.close() } catch let error as RecordingError {
            throw CommandFailure(error)
        }
        Console.error("Recorded \(sink.events) events in \(sink.frames) frames to \(output).")
        if let ending {
            throw CommandFailure("\(ending); the recording holds everything up to that point")
        }
    }
}

/// Writes what a device reads to an evemu file; a resynchronization is recorded as the
/// `SYN_DROPPED` it started with, followed by libevdev's delta.
final class RecordingSink: EventSink {
    let writer: EvemuWriter
    private(set) var events = 0
    private(set) var frames = 0
    private(set) var error: Error?

    init(writer: EvemuWriter) { self.writer = writer }

    func process(_ event: InputEvent) {
        guard error == nil else { return }
        do {
            try writer.write(event)
            events += 1
            if event.isFrameEnd { frames += 1 }
        } catch {
            self.error = error
        }
    }

    func beginResynchronization(at time: Int64) {
        process(InputEvent(time: time, type: .syn, code: SynCode.dropped, value: 0))
    }
}
