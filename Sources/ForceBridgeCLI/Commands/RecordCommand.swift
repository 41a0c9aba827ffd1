import ArgumentParser
import ForceCommandLine
import ForceDevices
import ForceRecording
import ForceSession
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
        let info = try DeviceQuery(argument: device).resolve(allowNonTouch: allowNonTouch)
        let evdev = try EvdevDevice(path: info.node, mode: .readOnly)
        let writer = try CommandFailure.advising { try EvemuWriter(path: output, description: evdev.description, permissions: 0o600) }
        guard evdev.fileDescriptor != nil else { throw CommandFailure(DeviceError.deviceLost(path: info.node)) }
        let recorder = DeviceRecorder(device: evdev, writer: writer)
        Console.error("Recording \(info.node) \"\(evdev.description.name)\" to \(output)\(duration.map { " for \($0) s" } ?? ""); Ctrl-C stops.")
        let ending = try recorder.record(on: loop, until: duration.map { MonotonicClock.now() + Int64($0 * 1000) * 1000 })
        try CommandFailure.advising { try writer.close() }
        Console.error("Recorded \(recorder.events) events in \(recorder.frames) frames to \(output).")
        guard let ending else { return }
        throw CommandFailure("\(ending.reason(node: info.node)); the recording holds everything up to that point")
    }
}
