import ForceCommandLine
import ForceDevices
import ForceService
import ForceSession

extension TwinCommand {
    /// Twins the device until Ctrl-C, SIGTERM or its unplugging, answering `--set` on the bus.
    func runForeground() throws {
        // Signals first, before any other thread exists, so that every thread inherits the mask.
        let runtime = try SessionRuntime()
        let store = try calibration.profileStore()
        let info = try original()
        let pressure = try profile.apply(to: store.pressureProfile(for: info.description))
        let pipeline = try calibration.pipeline(for: info.description, profiles: store)
        let foreground: ForegroundTwin
        do {
            let io = try TwinIO.grab(node: info.node, udevProperties: info.udevProperties)
            foreground = try ForegroundTwin(try DeviceTwin(io: io, profile: pressure, pipeline: pipeline), on: runtime)
        } catch let error as TwinError {
            throw CommandFailure(Self.message(for: error))
        }
        if let failure = foreground.busFailure {
            Console.error("forcebridge: warning: not on the session bus (\(failure)); 'forcebridge twin --set' cannot reach this twin")
        }
        let twin = foreground.twin
        let output = Console.output()
        output.line("Twinning \(info.node) (\"\(info.description.name)\") as \(twin.twinNode): \(pressure.summary). "
            + "\(foreground.busFailure != nil ? "" : "'forcebridge twin --set \(info.node) ...' changes it; ")Ctrl-C ends it.")
        output.flush()
        if try foreground.run() == .originalGone {
            throw CommandFailure("\(info.node) went away; its twin \(twin.twinNode) was removed.")
        }
        output.line("Removed the twin \(twin.twinNode); \(info.node) reads as before (\(twin.relay.framesWritten) frames went through the twin).")
        output.flush()
    }

    /// `error` with what to do about it.
    static func message(for error: TwinError) -> String {
        switch error {
        case .refused:
            return error.description
        case .grabbedElsewhere:
            return error.description + " Stop that program (another 'forcebridge twin', or 'forcebridge serve --twin': "
                + "change its profile with 'forcebridge twin --set' instead), then try again."
        case .device(let device):
            if case .uinputUnavailable = device {
                return device.description + " A twin is a uinput device: load the module ('modprobe uinput') and make /dev/uinput "
                    + "writable for you ('forcebridge udev install' tags it uaccess for the seat's user)."
            }
            return CommandFailure.message(for: device)
        }
    }
}
