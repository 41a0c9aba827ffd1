import ForceCore
import ForceDevices
import ForceSession
import ForceSettings
import ForceSystem
import Logging

/// Shows live devices as they come and go (`DeviceHotplug`): the device asked for, or the first
/// touch or tablet device (waiting for one when there is none). When it is unplugged its touches
/// and interaction end cancelled (`device-lost` and `summary` follow) and the host waits for it;
/// plugged back in, it is opened again and its `view-device` line sent. Every change of the touch
/// and tablet devices present goes to the clients as a `view-devices` line:
/// `ViewBroadcast.listDevices`, in node order.
/// Keyboards, mice and haptic-only devices are never opened or listed.
public final class ViewDevicesHost: ViewHosting {
    /// What the clients read.
    public var broadcast: ViewBroadcast { viewLoop.broadcast }
    private let viewLoop: ViewLoop
    private var runtime: SessionRuntime { viewLoop.runtime }
    private var following: DeviceFollowing
    private var hotplug: DeviceHotplug?
    private var present: [InputDeviceInfo] = []
    private let settings: PipelineSettings

    /// A host following the device `query` names (the first touch or tablet device without one),
    /// each session's pipeline made with `settings` (the user's profiles, one run's thresholds).
    /// Create it before any other thread: it takes over SIGINT and SIGTERM.
    package init(query: DeviceQuery?, settings: PipelineSettings) throws {
        self.settings = settings
        following = DeviceFollowing(query: query)
        viewLoop = try ViewLoop()
        runtime.sessionDidEnd = { [unowned self] session in
            guard case .ended(.deviceLost) = session.state else { return }
            following.lost(session.pipeline.device)
        }
    }

    /// Serves until SIGINT or SIGTERM, following devices from the first client on.
    public func run() throws {
        try viewLoop.run { [unowned self] in try follow() }
    }

    private func follow() throws {
        let hotplug = try DeviceHotplug(runtime: runtime)
        hotplug.deviceAppeared = { [unowned self] info in
            if DeviceFollowing.isCandidate(info) && !present.contains(where: { $0.node == info.node }) {
                present.append(info)
                listDevices()
            }
            return following.wants(info, following: runtime.sessions.count) ? session(for: info) : nil
        }
        hotplug.deviceRemoved = { [unowned self] node in
            guard present.contains(where: { $0.node == node }) else { return }
            present.removeAll { $0.node == node }
            listDevices()
        }
        hotplug.sessionFailed = { info, error in
            Logger.view.error("\(info.node): cannot show it: \(error)")
        }
        self.hotplug = hotplug
        let devices = DeviceDiscovery.enumerate()
        present = devices.filter(DeviceFollowing.isCandidate)
        listDevices()
        let chosen = following.initialChoice(from: devices)
        if chosen.isEmpty { Logger.view.notice("waiting for a touch or tablet device") }
        for info in chosen {
            guard let session = session(for: info) else { continue }
            try runtime.start(session)
        }
    }

    /// A session showing `info`, or nil (logged) when it cannot be opened.
    private func session(for info: InputDeviceInfo) -> Session? {
        let source: LiveDeviceSource
        do {
            source = try LiveDeviceSource(info)
        } catch {
            Logger.view.error("\(info.node): cannot show it: \(error)")
            return nil
        }
        following.opened(source.device)
        let session = Session(source: source, pipeline: settings.pipeline(for: source.device, logger: .profiles))
        ViewFactsSink.show(session, on: broadcast, node: info.node)
        return session
    }

    private func listDevices() {
        present.sort { $0.node < $1.node }
        broadcast.listDevices(present.map { (node: $0.node, name: $0.description.name, kind: $0.kind.rawValue) })
    }

    /// Makes `run()` return (from the loop's thread).
    public func stop() { viewLoop.stop() }
}
