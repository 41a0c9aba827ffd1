import ArgumentParser
import ForceCommandLine
import ForceDevices
import ForceRecording
import ForceSession

/// The input of `calibrate` and `measure`: a live touch device (named, or the first one), or a
/// recording given with `--replay`.
struct DeviceOrRecording: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "A device node (/dev/input/event5) or part of a device name; default: the first touch or tablet device.",
        valueName: "DEVICE"))
    var device: String?

    @Option(help: ArgumentHelp("Use a recorded session instead of a live device.", valueName: "FILE"))
    var replay: String?

    func validate() throws {
        if replay != nil && device != nil { throw ValidationError("Give a DEVICE or --replay FILE, not both.") }
    }

    /// Opens the recording (replayed at `speed`) or the live device (keyboards and mice refused
    /// before they are opened); failures end the command with advice.
    func open(speed: ReplaySpeed = .maximum) throws -> any InputSource {
        try CommandFailure.advising {
            if let replay { return try RecordingSource(path: replay, speed: speed) }
            return try LiveDeviceSource(try DeviceQuery.touchDevice(device))
        }
    }
}
