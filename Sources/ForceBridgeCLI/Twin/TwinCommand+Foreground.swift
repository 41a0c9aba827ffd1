import ForceDevices
import ForceService
import ForceSession
import Glibc
import Logging

extension TwinCommand {
    /// Twins the device until Ctrl-C, SIGTERM or its unplugging, answering `--set` on the bus.
    func runForeground() throws {
        // Signals first, before any other thread exists, so that every thread inherits the mask.
        let runtime = try SessionRuntime()
        let store = try calibration.profileStore()
        let info = try original()
        let pressure = try profile.apply(to: store.pressureProfile(for: info.description))
        let pipeline = try calibration.pipeline(for: info.description, profiles: store)
        let twin: DeviceTwin
        do {
            twin = try DeviceTwin(io: try TwinIO.grab(node: info.node, udevProperties: info.udevProperties), profile: pressure, pipeline: pipeline)
        } catch {
            throw CommandFailure(Self.message(for: error))
        }
        try runtime.loop.handleSignals([SIGINT, SIGTERM]) { _ in runtime.stop() }
        let bus: TwinBusExport?
        do {
            bus = try TwinBusExport(twin, loop: runtime.loop, logger: Logger.session)
        } catch {
            Console.error("forcebridge: warning: not on the session bus (\(error)); 'forcebridge twin --set' cannot reach this twin")
            bus = nil
        }
        try twin.start(on: runtime)
        let output = Console.output()
        output.line("Twinning \(info.node) (\"\(info.description.name)\") as \(twin.twinNode): \(pressure.summary). "
            + "\(bus == nil ? "" : "'forcebridge twin --set \(info.node) ...' changes it; ")Ctrl-C ends it.")
        output.flush()
        try runtime.run()
        bus?.withdraw()
        if case .ended(.deviceLost) = twin.session.state {
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
