import ForceCore
import ForceDevices
import ForceSystem
import Logging

/// Follows input devices coming and going on a runtime's loop: a device that appears may start a
/// session (`deviceAppeared` decides and builds it), and a session whose device is removed reads
/// what is left and ends as `.deviceLost`.
public final class DeviceHotplug {
    /// Builds a session for a device that appeared, or nil to leave it alone.
    public var deviceAppeared: ((InputDeviceInfo) -> Session?)?
    /// Reports a session that could not start (opening the device failed).
    public var sessionFailed: ((InputDeviceInfo, any Error) -> Void)?
    /// Reports the node of every device removed (after ending its session, if it had one).
    public var deviceRemoved: ((String) -> Void)?

    private let runtime: SessionRuntime
    private let monitor: HotplugMonitor

    /// Starts following devices on `runtime`'s loop.
    public init(runtime: SessionRuntime) throws {
        self.runtime = runtime
        monitor = try HotplugMonitor()
        try runtime.loop.watch(monitor.fileDescriptor) { [unowned self] in self.handleChanges() }
    }

    /// The running session reading `node`, if any.
    public func session(readingNode node: String) -> Session? {
        runtime.sessions.first { ($0.source as? LiveDeviceSource)?.node == node }
    }

    private func handleChanges() {
        for change in monitor.changes() {
            switch change {
            case .removed(let node):
                if let session = session(readingNode: node), let source = session.source as? LiveDeviceSource {
                    Logger.devices.debug("removed: ending its session", metadata: ["node": "\(node)", "name": "\(session.pipeline.device.name)"])
                    source.read()
                    if case .running = session.state {
                        source.stop()
                        session.sourceDidEnd(.deviceLost, at: MonotonicClock.now())
                    }
                }
                deviceRemoved?(node)
            case .added(let node):
                guard session(readingNode: node) == nil else { continue }
                // udev may still be settling permissions; discovery reads the node's current state.
                guard let info = DeviceDiscovery.device(atNode: node), let session = deviceAppeared?(info) else { continue }
                Logger.devices.debug("added: starting a session", metadata: info.logMetadata)
                do {
                    try runtime.start(session)
                } catch {
                    sessionFailed?(info, error)
                }
            }
        }
    }
}
