import ForceBus
import ForceCore
import ForceDevices
import ForceSystem
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
        let bus = exportOnBus(twin, loop: runtime.loop)
        try twin.start(on: runtime)
        let output = Console.output()
        output.line("Twinning \(info.node) (\"\(info.description.name)\") as \(twin.twinNode): \(Self.summary(of: pressure)). "
            + "\(bus == nil ? "" : "'forcebridge twin --set \(info.node) ...' changes it; ")Ctrl-C ends it.")
        output.flush()
        try runtime.run()
        if let bus {
            bus.binding.detach()
            bus.control.withdraw()
        }
        if case .ended(.deviceLost) = twin.session.state {
            throw CommandFailure("\(info.node) went away; its twin \(twin.twinNode) was removed.")
        }
        output.line("Removed the twin \(twin.twinNode); \(info.node) reads as before (\(twin.relay.framesWritten) frames went through the twin).")
        output.flush()
    }

    /// Exports `org.forcebridge.Twin1` for `twin` on the session bus as
    /// `org.forcebridge.Twin1.<node>`; nil (with a warning) when there is no session bus.
    private func exportOnBus(_ twin: DeviceTwin, loop: EventLoop) -> (binding: BusLoopBinding, control: TwinControl)? {
        let name = TwinControl.busName(forOriginal: twin.originalNode)
        do {
            let connection = try BusConnection.session(description: "forcebridge-twin")
            let binding = try BusLoopBinding(connection: connection, loop: loop)
            let control = TwinControl(logger: Logger.session) { [twin] in [twin] }
            control.sent = { [unowned binding] in binding.dispatch() }
            try control.export(on: connection)
            guard try connection.requestName(name) == .owned else {
                throw BusError.failed("\(name) is owned by another process (another 'forcebridge twin' of the same device?)")
            }
            binding.dispatch()
            return (binding, control)
        } catch {
            Console.error("forcebridge: warning: not on the session bus (\(error)); 'forcebridge twin --set' cannot reach this twin")
            return nil
        }
    }

    /// `curve bezier:0.2,0.1,0.8,0.9, tip at 3 % above the resting offset (learned), full at 85 %`.
    static func summary(of profile: PressureProfile) -> String {
        let offset = profile.learnsRestingOffset
            ? (profile.restingOffset.map { "learned, at most \(NumberFormat.trimmed($0, decimals: 2))" } ?? "learned")
            : (profile.restingOffset.map { NumberFormat.trimmed($0, decimals: 2) } ?? "the axis minimum")
        return "curve \(profile.curve.text), tip at \(percent(profile.tip)) above the resting offset (\(offset)), full at \(percent(profile.full))"
    }

    static func percent(_ fraction: Double) -> String {
        NumberFormat.trimmed(fraction * 100, decimals: 2) + " %"
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
